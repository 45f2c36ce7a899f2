package io.tidemark.streaming.api;

/** Time and timers, as seen by a process function. Timers need a keyed stream. */
public interface TimerService {

    /** Current processing time (the job's clock). */
    long currentProcessingTime();

    /** Current event-time watermark of this operator; {@link Long#MIN_VALUE} before the first one. */
    long currentWatermark();

    /** Calls {@code onTimer} when processing time reaches {@code time}. Keyed streams only. */
    void registerProcessingTimeTimer(long time);

    /** Calls {@code onTimer} when the watermark reaches {@code time}. Keyed streams only. */
    void registerEventTimeTimer(long time);

    void deleteProcessingTimeTimer(long time);

    void deleteEventTimeTimer(long time);
}
