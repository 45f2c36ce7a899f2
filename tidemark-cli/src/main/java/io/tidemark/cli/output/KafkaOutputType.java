package io.tidemark.cli.output;

import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.OutputType;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.config.Types;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.spi.Output;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * {@code type: kafka}: each record to a topic, at least once. A window result's key is the window's
 * key (the JSON object of the key-by fields, as in the results' {@code key}) and its value the JSON
 * result line; a late record's value is its line as read; a dead letter's value its JSON line. The
 * record's timestamp is the time of writing.
 *
 * <p>Unlike a file, a topic cannot be put back when a run fails: what was written stays (the summary
 * says so), and a run done again writes its records again (at least once).
 */
public final class KafkaOutputType implements OutputType {

    static Key<String> servers(String output) {
        return Key.of(output + ".bootstrap-servers", Types.text())
                .required("the Kafka brokers, host:port[,host:port...]")
                .doc("The Kafka brokers to write to (`bootstrap.servers`).");
    }

    static Key<String> topic(String output) {
        return Key.of(output + ".topic", Types.text())
                .required("the topic to write to")
                .doc("The topic the records go to (it must exist, or the brokers must create topics on first use).");
    }

    static Key<Map<String, String>> properties(String output) {
        return Key.of(output + ".properties", Types.custom("mapping of Kafka producer properties",
                        (k, n) -> {
                            if (!n.isObject()) {
                                throw new io.tidemark.cli.config.ConfigException(k, "expected a mapping of Kafka properties (name: value)");
                            }
                            Map<String, String> m = new LinkedHashMap<>();
                            n.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
                            return m;
                        }, Object::toString))
                .absent("none")
                .doc("Kafka producer properties (`compression.type`, `security.protocol`, …). `acks` is `all` and the "
                        + "producer idempotent, for at-least-once.");
    }

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public String doc() {
        return "a Kafka topic, at least once (key: the window's key; value: the JSON line).";
    }

    @Override
    public List<Key<?>> keys(String output) {
        return List.of(servers(output), topic(output), properties(output));
    }

    @Override
    public OutputSpec spec(Settings s, String output, Path jobDir) {
        Map<String, String> props = s.get(properties(output));
        return new Spec(output, s.get(servers(output)), s.get(topic(output)), props == null ? Map.of() : Map.copyOf(props));
    }

    /** Where an output writes. */
    public record Spec(String output, String bootstrapServers, String topic, Map<String, String> properties) implements OutputSpec {

        @Override
        public String type() {
            return "kafka";
        }

        @Override
        public String describe() {
            return "kafka topic " + topic + " at " + bootstrapServers;
        }

        @Override
        public Output open(OutputContext context) {
            return new TopicOutput(this, context);
        }
    }

    /** One output's producer. */
    static final class TopicOutput implements Output {
        private final Spec spec;
        private final OutputContext context;
        private final KafkaProducer<byte[], byte[]> producer;
        private final AtomicReference<Exception> failure = new AtomicReference<>();

        TopicOutput(Spec spec, OutputContext context) {
            this.spec = spec;
            this.context = context;
            Properties p = new Properties();
            p.putAll(spec.properties());
            p.setProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers());
            p.setProperty(ProducerConfig.ACKS_CONFIG, "all");
            p.setProperty(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
            p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
            p.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "tidemark-" + spec.output().replace('.', '-'));
            producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        }

        @Override
        public void write(OutputRecord record) throws IOException {
            check();
            byte[] key = record instanceof WindowResult r ? key(r).getBytes(StandardCharsets.UTF_8) : null;
            byte[] value = LineFormat.JSONL.line(record, context).getBytes(StandardCharsets.UTF_8);
            try {
                producer.send(new ProducerRecord<>(spec.topic(), key, value), (m, e) -> {
                    if (e != null) {
                        failure.compareAndSet(null, e);
                    }
                });
            } catch (org.apache.kafka.common.KafkaException e) {
                throw failed(e);
            }
        }

        /** The window's key as the results' {@code key} object: {@code {"user": "u1"}}. */
        private String key(WindowResult r) {
            StringBuilder sb = new StringBuilder("{");
            for (int i = 0; i < context.keyFields().size(); i++) {
                sb.append(i > 0 ? ", " : "").append(Json.string(context.keyFields().get(i))).append(": ").append(r.key().get(i));
            }
            return sb.append('}').toString();
        }

        private void check() throws IOException {
            Exception e = failure.get();
            if (e != null) {
                throw failed(e);
            }
        }

        private IOException failed(Exception e) {
            return new IOException(spec.output() + ": writing to Kafka topic " + spec.topic() + " at " + spec.bootstrapServers()
                    + " failed: " + e.getMessage(), e);
        }

        @Override
        public void flush() throws IOException {
            try {
                producer.flush();
            } catch (org.apache.kafka.common.KafkaException e) {
                throw failed(e);
            }
            check();
        }

        @Override
        public void commit() throws IOException {
            try {
                flush();
            } finally {
                producer.close(Duration.ofSeconds(5));
            }
        }

        @Override
        public String abort() {
            producer.close(Duration.ofSeconds(5));
            return null;
        }
    }
}
