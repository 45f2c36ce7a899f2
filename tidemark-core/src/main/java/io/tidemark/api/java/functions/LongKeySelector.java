package io.tidemark.api.java.functions;

/**
 * A {@link KeySelector} whose keys are {@code long} numbers (ids, device numbers, partitions): the key
 * is a {@code Long} everywhere ({@code KeyedStream<T, Long>}, window functions' key), but the engine
 * can read it without boxing. The specialised window operators (built-in tumbling and sliding event-time
 * windows, event-time sessions) then box a key only when it first appears in a window or session,
 * instead of allocating a {@code Long} for every record; the hash exchange at parallelism &gt; 1 sends
 * a record to the same subtask as the boxed key would. A Tidemark extension, not in Flink; on Flink
 * (the runner) it is an ordinary key selector.
 *
 * <pre>{@code
 * events.keyBy(LongKeySelector.of(e -> e.deviceId))   // instead of keyBy(e -> e.deviceId)
 * }</pre>
 */
@FunctionalInterface
public interface LongKeySelector<IN> extends KeySelector<IN, Long> {

    /** The key of {@code value}. */
    long getLongKey(IN value) throws Exception;

    @Override
    default Long getKey(IN value) throws Exception {
        return getLongKey(value);
    }

    /** {@code selector} itself: lets a lambda be written where a {@code KeySelector} is expected. */
    static <IN> LongKeySelector<IN> of(LongKeySelector<IN> selector) {
        return selector;
    }
}
