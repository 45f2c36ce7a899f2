package io.tidemark.runtime.timers;

import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/** Where an {@link InternalTimerService} keeps timers of one domain: in time order ({@link TimerQueue}) or per key ({@link KeyedTimerQueues}). */
interface EventTimers {

    /** Adds a timer; returns false if it was already there. */
    boolean add(long time, Object key, Object namespace);

    boolean remove(long time, Object key, Object namespace);

    /** Removes and returns an earliest timer at most {@code upTo} (of the first key that has one, per key), else null. */
    Timer pollUpTo(long upTo);

    /** The earliest timer time, or {@link Long#MAX_VALUE} when empty. */
    long peekTime();

    int size();

    /** Calls {@code action} with the key and namespace of every timer. */
    void forEach(BiConsumer<Object, Object> action);

    void snapshot(StateOutput out) throws IOException;

    /** Adds the timers {@link #snapshot} wrote, keeping those of keys {@code keys} accepts. */
    void restore(StateInput in, Predicate<Object> keys) throws IOException;
}
