package io.tidemark.runtime.timers;

import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.state.KeyContext;
import io.tidemark.runtime.time.ProcessingTimeService;
import java.io.IOException;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * The keyed event-time and processing-time timers of one operator subtask.
 *
 * <p>Event-time timers fire when the operator's watermark reaches their time ({@link
 * #advanceWatermark}); processing-time timers fire through the task's {@link ProcessingTimeService},
 * which holds one callback for this service's earliest processing-time timer. Before each timer fires
 * the key context is set to the timer's key.
 */
public final class InternalTimerService {

    private final KeyContext keyContext;
    private final ProcessingTimeService processingTimeService;
    private final Triggerable target;
    private final EventTimers eventTimeTimers;
    private final TimerQueue processingTimeTimers = new TimerQueue();
    private long currentWatermark = Long.MIN_VALUE;
    private long scheduledProcessingTime = Long.MAX_VALUE;
    private ProcessingTimeService.ScheduledTimer scheduled;

    public InternalTimerService(KeyContext keyContext, ProcessingTimeService processingTimeService, Triggerable target) {
        this(keyContext, processingTimeService, target, false);
    }

    /**
     * With {@code perKeyEventTime}, event-time timers are kept per key ({@link KeyedTimerQueues}), so that
     * {@link #advanceWatermark(Object, long)} fires one key's timers on that key's own watermark.
     */
    public InternalTimerService(KeyContext keyContext, ProcessingTimeService processingTimeService, Triggerable target,
            boolean perKeyEventTime) {
        this.keyContext = keyContext;
        this.processingTimeService = processingTimeService;
        this.target = target;
        this.eventTimeTimers = perKeyEventTime ? new KeyedTimerQueues() : new TimerQueue();
    }

    public long currentWatermark() {
        return currentWatermark;
    }

    public long currentProcessingTime() {
        return processingTimeService.getCurrentProcessingTime();
    }

    public void registerEventTimeTimer(Object namespace, long time) {
        eventTimeTimers.add(time, currentKey(), namespace);
    }

    public void deleteEventTimeTimer(Object namespace, long time) {
        eventTimeTimers.remove(time, currentKey(), namespace);
    }

    public void registerProcessingTimeTimer(Object namespace, long time) {
        processingTimeTimers.add(time, currentKey(), namespace);
        if (time < scheduledProcessingTime) {
            if (scheduled != null) {
                scheduled.cancel();
            }
            scheduledProcessingTime = time;
            scheduled = processingTimeService.registerTimer(time, this::onProcessingTime);
        }
    }

    public void deleteProcessingTimeTimer(Object namespace, long time) {
        processingTimeTimers.remove(time, currentKey(), namespace);
    }

    private Object currentKey() {
        Object key = keyContext.getCurrentKey();
        if (key == null) {
            throw new UnsupportedOperationException("timers can only be set on a keyed stream (after keyBy)");
        }
        return key;
    }

    /** Fires every event-time timer at or below {@code watermark}, in time order. */
    public void advanceWatermark(long watermark) throws Exception {
        currentWatermark = watermark;
        Timer timer;
        while ((timer = eventTimeTimers.pollUpTo(watermark)) != null) {
            keyContext.setCurrentKey(timer.getKey());
            target.onEventTime(timer);
        }
    }

    /**
     * Fires {@code key}'s event-time timers at or below {@code watermark}, in time order (per-key event
     * time only; the service's watermark, for all keys, stays as it is).
     */
    public void advanceWatermark(Object key, long watermark) throws Exception {
        KeyedTimerQueues perKey = (KeyedTimerQueues) eventTimeTimers;
        Timer timer;
        while ((timer = perKey.pollUpTo(key, watermark)) != null) {
            keyContext.setCurrentKey(timer.getKey());
            target.onEventTime(timer);
        }
    }

    private void onProcessingTime(long time) throws Exception {
        scheduled = null;
        scheduledProcessingTime = Long.MAX_VALUE;
        Timer timer;
        long upTo = Math.max(time, processingTimeService.getCurrentProcessingTime());
        while ((timer = processingTimeTimers.pollUpTo(upTo)) != null) {
            keyContext.setCurrentKey(timer.getKey());
            target.onProcessingTime(timer);
        }
        long next = processingTimeTimers.peekTime();
        if (next != Long.MAX_VALUE && next < scheduledProcessingTime) {
            scheduledProcessingTime = next;
            scheduled = processingTimeService.registerTimer(next, this::onProcessingTime);
        }
    }

    /** Fires every pending processing-time timer, as if the clock jumped to the end of time. */
    public void fireAllProcessingTimeTimers() throws Exception {
        Timer timer;
        while ((timer = processingTimeTimers.pollUpTo(Long.MAX_VALUE)) != null) {
            keyContext.setCurrentKey(timer.getKey());
            target.onProcessingTime(timer);
        }
    }

    /** Writes the timers of both domains (see {@link TimerQueue}) and the watermark they fired up to. */
    public void snapshot(StateOutput out) throws IOException {
        out.writeLong(currentWatermark);
        eventTimeTimers.snapshot(out);
        processingTimeTimers.snapshot(out);
    }

    /** Whether {@link #restore} ran. */
    private boolean restored;

    /**
     * Restores what {@link #snapshot} wrote, keeping the timers of keys {@code keys} accepts; the
     * earliest processing-time timer is scheduled (it fires at once if its time has passed). Called once
     * per old subtask restored from when the parallelism changed: the timers add up.
     */
    public void restore(StateInput in, Predicate<Object> keys) throws IOException {
        long watermark = in.readLong();
        currentWatermark = restored ? Math.min(currentWatermark, watermark) : watermark; // parts of a rescaled restore: the lowest
        restored = true;
        eventTimeTimers.restore(in, keys);
        processingTimeTimers.restore(in, keys);
        long first = processingTimeTimers.peekTime();
        if (first != Long.MAX_VALUE && first < scheduledProcessingTime) {
            if (scheduled != null) {
                scheduled.cancel();
            }
            scheduledProcessingTime = first;
            scheduled = processingTimeService.registerTimer(first, this::onProcessingTime);
        }
    }

    /**
     * Calls {@code action} with the key and namespace of every timer, event-time timers first (a walk
     * over all timers, O(timers): for questions, not records).
     */
    public void forEachTimer(BiConsumer<Object, Object> action) {
        eventTimeTimers.forEach(action);
        processingTimeTimers.forEach(action);
    }

    public int numEventTimeTimers() {
        return eventTimeTimers.size();
    }

    public int numProcessingTimeTimers() {
        return processingTimeTimers.size();
    }
}
