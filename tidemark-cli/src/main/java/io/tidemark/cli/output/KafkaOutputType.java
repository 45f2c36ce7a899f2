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
import io.tidemark.connector.kafka.sink.transaction.TransactionalProducer;
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
 * {@code type: kafka}: each record to a topic. A window result's key is the window's key (the JSON
 * object of the key-by fields, as in the results' {@code key}) and its value the JSON result line; a
 * late record's value is its line as read; a dead letter's value its JSON line. The record's timestamp
 * is the time of writing.
 *
 * <p>{@code delivery: at-least-once} (the default): records are sent as they come; a topic cannot be
 * put back when a run fails, so what was written stays and a run done again writes its records again.
 * {@code delivery: exactly-once}: the run's records go into one Kafka transaction under the output's
 * transactional id ({@link TransactionalProducer}), committed when the run ends well and aborted when
 * it fails, as a file output is put back: a {@code read_committed} reader sees each run's records once,
 * or none. Opening the output first aborts whatever a killed earlier run of the same output left open.
 * With {@code checkpoint:} exactly once is the default, and a transaction per checkpoint
 * ({@link StagedTopic}).
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

    static Key<String> delivery(String output) {
        return Key.of(output + ".delivery", Types.choice(AT_LEAST_ONCE, EXACTLY_ONCE))
                .dflt(s -> s.isSet(io.tidemark.cli.config.JobKeys.CHECKPOINT_DIR) ? EXACTLY_ONCE : AT_LEAST_ONCE,
                        "`exactly-once` with `checkpoint:`, else `at-least-once`")
                .doc("`at-least-once`: records are sent as they come; a failed run leaves what it wrote, and a run done "
                        + "again writes it again. `exactly-once`: the run's records in one Kafka transaction, committed when "
                        + "the run ends well and aborted when it fails (as a file output is put back); with `checkpoint:`, one "
                        + "transaction per checkpoint, committed when it completes (see [Checkpoints](#checkpoints)). Readers "
                        + "with `isolation.level=read_committed` see each record once.");
    }

    static Key<String> transactionalId(String output) {
        return Key.of(output + ".transactional-id", Types.text())
                .absent("`tidemark-<output>-<12 hex digits of the job folder's path>`")
                .doc("With `delivery: exactly-once`, the output's Kafka transactional id: the same for every run of the job "
                        + "(a run aborts what a killed earlier run left open) and used by no other writer.");
    }

    static final String AT_LEAST_ONCE = "at-least-once";
    static final String EXACTLY_ONCE = "exactly-once";

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public String doc() {
        return "a Kafka topic, at least once or exactly once: a transaction per run, or per checkpoint (key: the window's key; value: the JSON line).";
    }

    @Override
    public List<Key<?>> keys(String output) {
        return List.of(servers(output), topic(output), properties(output), delivery(output), transactionalId(output));
    }

    @Override
    public OutputSpec spec(Settings s, String output, Path jobDir) {
        Map<String, String> props = s.get(properties(output));
        String id = null;
        if (EXACTLY_ONCE.equals(s.get(delivery(output)))) {
            id = s.get(transactionalId(output));
            if (id == null) {
                id = "tidemark-" + output.replace('.', '-') + "-" + digest(jobDir.toAbsolutePath().normalize().toString());
            }
        }
        return new Spec(output, s.get(servers(output)), s.get(topic(output)), props == null ? Map.of() : Map.copyOf(props), id);
    }

    /** The first 12 hex digits of the SHA-256 of {@code text}. */
    static String digest(String text) {
        try {
            byte[] d = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return java.util.HexFormat.of().formatHex(d).substring(0, 12);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Where an output writes.
     *
     * @param transactionalId with {@code delivery: exactly-once}, the output's transactional id; else null
     */
    public record Spec(String output, String bootstrapServers, String topic, Map<String, String> properties,
            String transactionalId) implements OutputSpec, java.io.Serializable {

        @Override
        public String type() {
            return "kafka";
        }

        @Override
        public String describe() {
            return "kafka topic " + topic + " at " + bootstrapServers + (transactionalId == null ? "" : ", exactly once");
        }

        @Override
        public Output open(OutputContext context) throws IOException {
            return new TopicOutput(this, context);
        }

        /**
         * From the cluster: a {@link io.tidemark.connector.kafka.sink.KafkaSink} in each subtask, exactly once
         * (a Kafka transaction per checkpoint and subtask, under the output's transactional id as prefix) or
         * at least once, the records as the command writes them ({@link TopicRecords}).
         */
        @Override
        public boolean sinkOnCluster(io.tidemark.streaming.api.datastream.DataStream<OutputRecord> records, OutputContext context) {
            io.tidemark.connector.kafka.sink.KafkaSinkBuilder<OutputRecord> b = io.tidemark.connector.kafka.sink.KafkaSink.<OutputRecord>builder()
                    .setKafkaProducerConfig(producerProperties(this))
                    .setRecordSerializer(new TopicRecords(this, context));
            if (transactionalId != null) {
                b.setDeliveryGuarantee(io.tidemark.connector.base.DeliveryGuarantee.EXACTLY_ONCE).setTransactionalIdPrefix(transactionalId);
            } else {
                b.setDeliveryGuarantee(io.tidemark.connector.base.DeliveryGuarantee.AT_LEAST_ONCE);
            }
            records.sinkTo(b.build()).name(context.role().key()).uid(context.role().key());
            return true;
        }

        /** Exactly once with checkpoints: one transaction per checkpoint and link ({@link StagedTopic}); at least once: as records come. */
        @Override
        public io.tidemark.cli.spi.StagedOutput staged(OutputContext context, Path dir, boolean fresh) throws IOException {
            return transactionalId == null ? null : new StagedTopic(this, context, dir, fresh);
        }
    }

    /** The producer settings of {@code spec}: its properties, the brokers, {@code acks=all}, idempotence. */
    static Properties producerProperties(Spec spec) {
        Properties p = new Properties();
        p.putAll(spec.properties());
        p.setProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, spec.bootstrapServers());
        p.setProperty(ProducerConfig.ACKS_CONFIG, "all");
        p.setProperty(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.putIfAbsent(ProducerConfig.MAX_BLOCK_MS_CONFIG, "15000");
        p.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "tidemark-" + spec.output().replace('.', '-'));
        return p;
    }

    /** {@code record} as a Kafka record of {@code spec}'s topic: key (results: the window's key) and the JSON line. */
    static ProducerRecord<byte[], byte[]> message(Spec spec, OutputContext context, OutputRecord record) {
        byte[] key = record instanceof WindowResult r ? key(context, r).getBytes(StandardCharsets.UTF_8) : null;
        byte[] value = LineFormat.JSONL.line(record, context).getBytes(StandardCharsets.UTF_8);
        return new ProducerRecord<>(spec.topic(), key, value);
    }

    /** The window's key as the results' {@code key} object: {@code {"user": "u1"}}. */
    private static String key(OutputContext context, WindowResult r) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < context.keyFields().size(); i++) {
            sb.append(i > 0 ? ", " : "").append(Json.string(context.keyFields().get(i))).append(": ").append(r.key().get(i));
        }
        return sb.append('}').toString();
    }

    /** One output's producer. */
    static final class TopicOutput implements Output {
        private final Spec spec;
        private final OutputContext context;
        /** At least once: the producer; else null. */
        private final KafkaProducer<byte[], byte[]> producer;
        /** Exactly once: the run's transaction; else null. */
        private final TransactionalProducer transaction;
        private final AtomicReference<Exception> failure = new AtomicReference<>();

        TopicOutput(Spec spec, OutputContext context) throws IOException {
            this.spec = spec;
            this.context = context;
            Properties p = producerProperties(spec);
            if (spec.transactionalId() == null) {
                producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
                transaction = null;
                return;
            }
            producer = null;
            transaction = new TransactionalProducer(p, spec.transactionalId());
            try {
                transaction.initFresh(); // aborts what a killed earlier run left open, fences its producer
                transaction.begin();
            } catch (org.apache.kafka.common.KafkaException e) {
                transaction.close();
                throw failed(e);
            }
        }

        @Override
        public void write(OutputRecord record) throws IOException {
            check();
            ProducerRecord<byte[], byte[]> r = message(spec, context, record);
            org.apache.kafka.clients.producer.Callback callback = (m, e) -> {
                if (e != null) {
                    failure.compareAndSet(null, e);
                }
            };
            try {
                if (transaction != null) {
                    transaction.send(r, callback);
                } else {
                    producer.send(r, callback);
                }
            } catch (org.apache.kafka.common.KafkaException e) {
                throw failed(e);
            }
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

        /** Sends what is buffered (at least once: written; exactly once: in the open transaction, not visible yet). */
        @Override
        public void flush() throws IOException {
            try {
                if (transaction != null) {
                    transaction.flush();
                } else {
                    producer.flush();
                }
            } catch (org.apache.kafka.common.KafkaException e) {
                throw failed(e);
            }
            check();
        }

        /** The run ended well: everything written (exactly once: the transaction committed). */
        @Override
        public void commit() throws IOException {
            try {
                flush();
                if (transaction != null) {
                    transaction.prepare();
                    check();
                    transaction.commit();
                }
            } catch (org.apache.kafka.common.KafkaException e) {
                throw failed(e);
            } finally {
                close();
            }
        }

        /** The run failed: exactly once, its transaction is aborted (nothing of the run is visible); else what was written stays. */
        @Override
        public String abort() {
            close();
            return null;
        }

        private void close() {
            if (transaction != null) {
                transaction.close(); // aborts a transaction still open
            } else {
                producer.close(Duration.ofSeconds(5));
            }
        }
    }
}
