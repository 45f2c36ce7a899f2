package io.tidemark.runtime.timers;

/** An operator that reacts to its keyed timers. The current key is set before each call. */
public interface Triggerable {
    void onEventTime(Timer timer) throws Exception;

    void onProcessingTime(Timer timer) throws Exception;
}
