package io.tidemark.cli.source;

import com.fasterxml.jackson.databind.JsonNode;
import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.config.SourceType;
import io.tidemark.cli.config.Types;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.cli.spi.SourceSpec;
import io.tidemark.connector.kafka.source.KafkaSource;
import io.tidemark.connector.kafka.source.KafkaSourceBuilder;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.OffsetResetStrategy;

/**
 * {@code source.type: kafka}: the records of Kafka topics, each record's value one line (JSON or CSV),
 * read by Tidemark's KafkaSource (Flink's own on {@code --engine flink}): each partition is a split
 * with its own watermark and idleness; a bad record is a dead letter naming its topic, partition and
 * offset. Unbounded unless {@code stop-at: latest}.
 */
public final class KafkaSourceType implements SourceType {

    /** How long the brokers may take to answer at start, unless {@code properties} say otherwise. */
    static final long DEFAULT_API_TIMEOUT_MS = 15_000;

    static final Key<String> BOOTSTRAP_SERVERS = Key.of("source.bootstrap-servers", Types.text())
            .required("the Kafka brokers, host:port[,host:port...]")
            .doc("The Kafka brokers to start from (`bootstrap.servers`), `host:port,host:port`.");

    static final Key<String> TOPIC = Key.of("source.topic", Types.text())
            .absent("none (one of topic, topics, topic-pattern is required)")
            .doc("The topic to read (every partition). One of `topic`, `topics`, `topic-pattern`.");

    static final Key<List<String>> TOPICS = Key.of("source.topics", Types.texts("topic or list of topics"))
            .absent("none")
            .doc("Several topics to read.");

    static final Key<String> TOPIC_PATTERN = Key.of("source.topic-pattern", Types.text())
            .absent("none")
            .doc("A regular expression: every topic whose whole name matches (topics created while the job runs are "
                    + "found by partition discovery, every 5 minutes unless `properties` set `partition.discovery.interval.ms`).");

    static final Key<String> GROUP_ID = Key.of("source.group-id", Types.text())
            .absent("none: no offsets are committed")
            .doc("The consumer group: the offsets of what the job has read are committed to it (so lag tools see the job).");

    static final Key<String> STARTING_OFFSETS = Key.of("source.starting-offsets", Types.scalar(
                    "`earliest` \\| `latest` \\| `committed` \\| ISO-8601 instant", KafkaSourceType::startingOffsets))
            .dflt(s -> s.get(GROUP_ID) == null ? "earliest" : "committed",
                    "`committed` with a `group-id` (partitions without a committed offset start at the earliest), else `earliest`")
            .doc("Where each partition starts: its first record, its end (only records written from now on), the group's "
                    + "committed offset (else the earliest), or the first record whose Kafka timestamp is at or after the "
                    + "instant (`2024-01-01T08:00:00+08:00`).");

    static final Key<String> STOP_AT = Key.of("source.stop-at", Types.choice("latest", "never"))
            .dflt("never")
            .doc("`never`: read until stopped (Ctrl-C: the job reads no more and prints the summary; see [Stopping](#stopping-signals-and-failures) for the windows still open). "
                    + "`latest`: read each partition up to its end when the job starts, then end.");

    static final Key<Map<String, String>> PROPERTIES = Key.of("source.properties", Types.custom(
                    "mapping of Kafka consumer properties", KafkaSourceType::properties, KafkaSourceType::show))
            .absent("none")
            .doc("Kafka consumer properties (`security.protocol`, `max.poll.records`, …) and the source's own "
                    + "(`partition.discovery.interval.ms`, `commit.offsets.interval.ms`); see docs/kafka.md.");

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public String doc() {
        return "Kafka topics, each record's value a line; each partition watermarked on its own (see docs/kafka.md).";
    }

    @Override
    public List<Key<?>> keys() {
        return List.of(BOOTSTRAP_SERVERS, TOPIC, TOPICS, TOPIC_PATTERN, GROUP_ID, STARTING_OFFSETS, STOP_AT, PROPERTIES);
    }

    @Override
    public boolean replayable() {
        return false;
    }

    /** Its partitions pause (the consumer's pause), here and on Flink. */
    @Override
    public boolean pausable() {
        return true;
    }

    @Override
    public SourceSpec spec(Settings s, Path jobDir) {
        int subscriptions = (s.get(TOPIC) != null ? 1 : 0) + (s.get(TOPICS) != null ? 1 : 0) + (s.get(TOPIC_PATTERN) != null ? 1 : 0);
        if (subscriptions != 1) {
            throw new ConfigException(subscriptions == 0 ? "source.topic" : "source.topics",
                    subscriptions == 0 ? "what to read is missing: set one of topic, topics, topic-pattern"
                            : "set only one of topic, topics, topic-pattern");
        }
        if (s.get(TOPIC_PATTERN) != null) {
            try {
                Pattern.compile(s.get(TOPIC_PATTERN));
            } catch (PatternSyntaxException e) {
                throw new ConfigException(TOPIC_PATTERN.path(), "not a regular expression: " + e.getDescription());
            }
        }
        if (s.get(JobKeys.PARTITION_FIELD) != null) {
            throw new ConfigException(JobKeys.PARTITION_FIELD.path(), "not with source.type kafka: each partition is a split");
        }
        if ("csv".equals(s.get(JobKeys.FORMAT)) && (s.get(JobKeys.COLUMNS) == null || s.get(JobKeys.HEADER))) {
            throw new ConfigException(JobKeys.COLUMNS.path(), "a Kafka record has no header line: name the CSV columns "
                    + "with columns (and no header: true)");
        }
        String starting = s.get(STARTING_OFFSETS);
        if (starting.equals("committed") && s.get(GROUP_ID) == null) {
            throw new ConfigException(STARTING_OFFSETS.path(), "committed offsets need a group-id");
        }
        Map<String, String> props = s.get(PROPERTIES) == null ? Map.of() : s.get(PROPERTIES);
        List<String> topics = s.get(TOPIC) != null ? List.of(s.get(TOPIC)) : s.get(TOPICS);
        return new Spec(s.get(BOOTSTRAP_SERVERS), topics, s.get(TOPIC_PATTERN), s.get(GROUP_ID), starting,
                s.get(STOP_AT).equals("latest"), new LinkedHashMap<>(props));
    }

    private static String startingOffsets(String key, String v) {
        String s = v.trim();
        if (s.equals("earliest") || s.equals("latest") || s.equals("committed")) {
            return s;
        }
        try {
            return Instant.parse(s).toString();
        } catch (DateTimeParseException e) {
            try {
                return java.time.OffsetDateTime.parse(s).toInstant().toString();
            } catch (DateTimeParseException e2) {
                throw new ConfigException(key, "'" + s + "' is not earliest, latest, committed or an ISO-8601 instant "
                        + "(2024-01-01T08:00:00+08:00)");
            }
        }
    }

    private static Map<String, String> properties(String key, JsonNode n) {
        if (!n.isObject()) {
            throw new ConfigException(key, "expected a mapping of Kafka properties (name: value)");
        }
        Map<String, String> out = new LinkedHashMap<>();
        n.properties().forEach(e -> {
            if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                throw new ConfigException(key + "." + e.getKey(), "expected a single value");
            }
            out.put(e.getKey(), e.getValue().asText());
        });
        return out;
    }

    static String show(Map<String, String> m) {
        return m.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(", "));
    }

    /**
     * What to read and how.
     *
     * @param topics the topics, or null with a pattern
     * @param starting {@code earliest}, {@code latest}, {@code committed} or an instant
     */
    public record Spec(String bootstrapServers, List<String> topics, String topicPattern, String groupId, String starting,
            boolean stopAtLatest, LinkedHashMap<String, String> properties) implements SourceSpec {

        private static final long serialVersionUID = 1L;

        @Override
        public String type() {
            return "kafka";
        }

        @Override
        public String describe() {
            return "kafka " + (topics != null ? String.join(", ", topics) : "topics matching " + topicPattern) + " at "
                    + bootstrapServers + (groupId == null ? "" : " (group " + groupId + ")") + ", from " + starting
                    + (stopAtLatest ? " to the end" : ", until stopped");
        }

        /** Kafka records are not lines read in order: the job reads them with {@link #source}. */
        @Override
        public LineInput open(int maxLineLength) {
            throw new UnsupportedOperationException("a Kafka source is read by the Kafka connector, not as lines");
        }

        @Override
        public boolean live() {
            return true;
        }

        /** The KafkaSource that reads this, with {@code deserializer}. */
        @SuppressWarnings("deprecation")
        public <T> KafkaSource<T> source(KafkaRecordDeserializationSchema<T> deserializer) {
            KafkaSourceBuilder<T> b = KafkaSource.<T>builder().setBootstrapServers(bootstrapServers);
            if (topics != null) {
                b.setTopics(topics);
            } else {
                b.setTopicPattern(Pattern.compile(topicPattern));
            }
            Properties p = new Properties();
            p.setProperty(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(DEFAULT_API_TIMEOUT_MS));
            p.putAll(properties);
            b.setProperties(p);
            if (groupId != null) {
                b.setGroupId(groupId);
            }
            b.setStartingOffsets(switch (starting) {
                case "earliest" -> OffsetsInitializer.earliest();
                case "latest" -> OffsetsInitializer.latest();
                case "committed" -> OffsetsInitializer.committedOffsets(OffsetResetStrategy.EARLIEST);
                default -> OffsetsInitializer.timestamp(Instant.parse(starting).toEpochMilli());
            });
            if (stopAtLatest) {
                b.setBounded(OffsetsInitializer.latest());
            }
            return b.setDeserializer(deserializer).build();
        }
    }
}
