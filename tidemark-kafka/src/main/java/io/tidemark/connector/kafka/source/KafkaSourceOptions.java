package io.tidemark.connector.kafka.source;

import java.util.List;
import java.util.Properties;

/**
 * The source's own settings, given like Kafka consumer properties ({@code setProperty}); every other
 * property goes to the Kafka consumer unchanged.
 */
public final class KafkaSourceOptions {

    private KafkaSourceOptions() {}

    /** Prefix of the consumer's {@code client.id}; the subtask index follows it. Flink's key. */
    public static final String CLIENT_ID_PREFIX = "client.id.prefix";

    /**
     * How often (ms) a running, unbounded source looks for new partitions; 0 or less: never. Flink's
     * key and default (5 minutes). A bounded source never looks.
     */
    public static final String PARTITION_DISCOVERY_INTERVAL_MS = "partition.discovery.interval.ms";

    public static final long DEFAULT_PARTITION_DISCOVERY_INTERVAL_MS = 300_000L;

    /**
     * How often (ms) the source commits the offsets of the records it has emitted to its group (when
     * it has a group id); 0 or less: only at the end of a bounded input and on cancel. Tidemark's key:
     * it stands for Flink's commit on checkpoint until checkpoints exist.
     */
    public static final String COMMIT_OFFSETS_INTERVAL_MS = "commit.offsets.interval.ms";

    public static final long DEFAULT_COMMIT_OFFSETS_INTERVAL_MS = 5_000L;

    /** The settings above: removed from what the Kafka consumer is given. */
    public static final List<String> SOURCE_ONLY = List.of(CLIENT_ID_PREFIX, PARTITION_DISCOVERY_INTERVAL_MS,
            COMMIT_OFFSETS_INTERVAL_MS);

    /** A long-valued setting, or {@code defaultValue}; a value that is not a number fails naming the key. */
    public static long getLong(Properties props, String key, long defaultValue) {
        String v = props.getProperty(key);
        if (v == null || v.isBlank()) {
            return defaultValue;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Kafka source property " + key + " must be a number of milliseconds, not '"
                    + v + "'");
        }
    }
}
