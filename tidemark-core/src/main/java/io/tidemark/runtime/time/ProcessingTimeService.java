package io.tidemark.runtime.time;

import io.tidemark.time.Clock;
import java.util.PriorityQueue;

/**
 * The processing-time timers of one task (a chain of operators run by one thread).
 *
 * <p>Design: timers live in a priority queue ordered by (time, registration order); the task fires
 * the due ones between records ({@link #fireDue}), so callbacks run on the task thread and never race
 * the operators. With a wall clock the task also wakes up for the next timer when its input is idle;
 * with a driven clock (replay, tests) timers fire exactly when the clock is moved past them, which
 * makes the result a function of the input. Cost: O(log n) per timer; {@link #nextTime} is O(1), so
 * checking "anything due?" per record is one clock read and one compare.
 *
 * <p>Timers fire one at a time, in order: a callback that reaches code asking for due timers (a
 * periodic watermark emission that emits through the source context, which fires due timers before
 * every item) does not fire later timers from inside the earlier one; {@link #fireDue} is a no-op
 * while a callback runs, and the outer call fires the rest after it.
 */
public final class ProcessingTimeService {

    /** Called when a processing-time timer is due. */
    @FunctionalInterface
    public interface ProcessingTimeCallback {
        void onProcessingTime(long time) throws Exception;
    }

    private static final class Timer implements Comparable<Timer> {
        final long time;
        final long seq;
        final ProcessingTimeCallback callback;
        boolean cancelled;

        Timer(long time, long seq, ProcessingTimeCallback callback) {
            this.time = time;
            this.seq = seq;
            this.callback = callback;
        }

        @Override
        public int compareTo(Timer o) {
            int c = Long.compare(time, o.time);
            return c != 0 ? c : Long.compare(seq, o.seq);
        }
    }

    /** A handle to cancel a registered timer. */
    public interface ScheduledTimer {
        void cancel();
    }

    /** A handle to a periodic timer: cancel it, or ask when it runs next (what a checkpoint keeps of it). */
    public interface PeriodicTimer extends ScheduledTimer {
        /** The time of the next run. */
        long nextTime();
    }

    private final Clock clock;
    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private long seq;
    private volatile long nextTime = Long.MAX_VALUE;
    /** Whether a callback is running (fireDue is not re-entered). */
    private boolean firing;
    private Runnable wakeUp = () -> {};

    public ProcessingTimeService(Clock clock) {
        this.clock = clock;
    }

    public Clock getClock() {
        return clock;
    }

    public long getCurrentProcessingTime() {
        return clock.currentTimeMillis();
    }

    /** Called whenever an earlier timer is registered, so a sleeping task can wake up for it. */
    public void setWakeUp(Runnable wakeUp) {
        this.wakeUp = wakeUp;
    }

    /** Registers {@code callback} to run once the clock reaches {@code time}. */
    public ScheduledTimer registerTimer(long time, ProcessingTimeCallback callback) {
        Timer t = new Timer(time, seq++, callback);
        timers.add(t);
        if (time < nextTime) {
            nextTime = time;
            wakeUp.run();
        }
        return () -> t.cancelled = true;
    }

    /** The time of the earliest pending timer, or {@link Long#MAX_VALUE}. */
    public long nextTime() {
        return nextTime;
    }

    /** Fires, in order, every timer due at the clock's current time (including those they register). */
    public void fireDue() throws Exception {
        fireDue(clock.currentTimeMillis());
    }

    /**
     * Fires, in order, every timer due at {@code now}; does nothing when called from inside a callback
     * (the call that runs the callback fires the timers due after it).
     */
    public void fireDue(long now) throws Exception {
        if (firing) {
            return;
        }
        firing = true;
        try {
            while (nextTime <= now) {
                Timer t = timers.poll();
                Timer head = timers.peek();
                nextTime = head == null ? Long.MAX_VALUE : head.time;
                if (t != null && !t.cancelled) {
                    t.callback.onProcessingTime(t.time);
                }
            }
        } finally {
            firing = false;
        }
    }

    /**
     * Runs {@code callback} every {@code period} ms of this clock: first one period from now, then one
     * period after the clock's time when the previous run ended (a fixed delay, as Flink re-registers
     * its periodic watermark timer). The one periodic timer of the engine: watermark generators'
     * periodic emission and idleness checks, of an operator or of a split source.
     */
    public PeriodicTimer schedulePeriodically(long period, ProcessingTimeCallback callback) {
        return schedulePeriodically(period, saturatedAdd(clock.currentTimeMillis(), period), callback);
    }

    /**
     * {@link #schedulePeriodically(long, ProcessingTimeCallback)} whose first run is at {@code first}
     * (a restored timer continues where its checkpoint left it: at once, if that time has passed).
     */
    public PeriodicTimer schedulePeriodically(long period, long first, ProcessingTimeCallback callback) {
        if (period <= 0) {
            throw new IllegalArgumentException("the period must be positive: " + period);
        }
        Periodic p = new Periodic(period, callback);
        p.scheduleAt(first);
        return p;
    }

    /** A self-re-arming timer: each run registers the next. */
    private final class Periodic implements ProcessingTimeCallback, PeriodicTimer {
        private final long period;
        private final ProcessingTimeCallback callback;
        private ScheduledTimer next;
        private long nextTime;
        private boolean cancelled;

        Periodic(long period, ProcessingTimeCallback callback) {
            this.period = period;
            this.callback = callback;
        }

        void schedule() {
            scheduleAt(saturatedAdd(clock.currentTimeMillis(), period));
        }

        void scheduleAt(long time) {
            nextTime = time;
            next = registerTimer(time, this);
        }

        @Override
        public long nextTime() {
            return nextTime;
        }

        @Override
        public void onProcessingTime(long time) throws Exception {
            callback.onProcessingTime(time);
            if (!cancelled) {
                schedule();
            }
        }

        @Override
        public void cancel() {
            cancelled = true;
            next.cancel();
        }
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    /** Number of pending timers (cancelled ones included until they come due). */
    public int pending() {
        return timers.size();
    }

    public void clear() {
        timers.clear();
        nextTime = Long.MAX_VALUE;
    }
}
