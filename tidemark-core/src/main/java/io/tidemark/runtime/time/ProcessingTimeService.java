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

    private final Clock clock;
    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private long seq;
    private volatile long nextTime = Long.MAX_VALUE;
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

    /** Fires, in order, every timer due at {@code now}. */
    public void fireDue(long now) throws Exception {
        while (nextTime <= now) {
            Timer t = timers.poll();
            Timer head = timers.peek();
            nextTime = head == null ? Long.MAX_VALUE : head.time;
            if (t != null && !t.cancelled) {
                t.callback.onProcessingTime(t.time);
            }
        }
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
