package io.tidemark.connector.kafka.broker;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Time;

/**
 * A real single-node Kafka broker (KRaft: broker and controller in one process) inside this JVM, on
 * 127.0.0.1 and two free ports, with its log in a temporary directory: for tests, the demo and the
 * benchmark. No Docker, no mock: it is the {@code kafka_2.13} broker itself, formatted with
 * {@code StorageTool} and started as {@code KafkaRaftServer}.
 *
 * <p>Needs {@code org.apache.kafka:kafka_2.13} on the class path (an optional dependency of this
 * module). Start takes about 3 s; {@link #restart} stops and starts it again on the same ports and log
 * (clients reconnect, as after a real broker restart). Internal topics have replication factor 1.
 */
public final class LocalKafkaBroker implements AutoCloseable {

    /** How long {@link #start} waits for the broker to answer before giving up. */
    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final Path dir;
    private final int port;
    private final int controllerPort;
    private final Properties config;
    private KafkaRaftServer server;
    private Admin admin;
    private KafkaProducer<String, String> producer;

    private LocalKafkaBroker(Path dir, int port, int controllerPort, Properties config) {
        this.dir = dir;
        this.port = port;
        this.controllerPort = controllerPort;
        this.config = config;
    }

    /** Formats a fresh log directory and starts a broker on free ports; returns once it answers. */
    public static LocalKafkaBroker start() {
        return start(Map.of());
    }

    /** As {@link #start()}, with broker settings added to (or replacing) the defaults. */
    public static LocalKafkaBroker start(Map<String, String> overrides) {
        Path dir;
        try {
            dir = Files.createTempDirectory("tidemark-kafka-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the broker's log directory", e);
        }
        int port = freePort();
        int controllerPort = freePort();
        Properties p = new Properties();
        p.setProperty("process.roles", "broker,controller");
        p.setProperty("node.id", "1");
        p.setProperty("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.setProperty("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.setProperty("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        p.setProperty("controller.listener.names", "CONTROLLER");
        p.setProperty("inter.broker.listener.name", "PLAINTEXT");
        p.setProperty("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.setProperty("log.dirs", dir.resolve("log").toString());
        p.setProperty("num.partitions", "1");
        p.setProperty("auto.create.topics.enable", "false");
        p.setProperty("offsets.topic.replication.factor", "1");
        p.setProperty("offsets.topic.num.partitions", "1");
        p.setProperty("transaction.state.log.replication.factor", "1");
        p.setProperty("transaction.state.log.min.isr", "1");
        p.setProperty("transaction.state.log.num.partitions", "1");
        p.setProperty("share.coordinator.state.topic.replication.factor", "1");
        p.setProperty("share.coordinator.state.topic.min.isr", "1");
        p.setProperty("group.initial.rebalance.delay.ms", "0");
        // keep every record: tests and benchmarks write event times from the past, which the default
        // retention (7 days by record timestamp) would delete within minutes
        p.setProperty("log.retention.ms", "-1");
        p.setProperty("log.retention.bytes", "-1");
        p.putAll(overrides);
        LocalKafkaBroker broker = new LocalKafkaBroker(dir, port, controllerPort, p);
        try {
            broker.format();
            broker.startServer();
        } catch (RuntimeException | Error e) {
            broker.close();
            throw e;
        }
        return broker;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }

    private void format() {
        Path file = dir.resolve("server.properties");
        try (OutputStream out = Files.newOutputStream(file)) {
            config.store(out, "tidemark local broker");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        int rc;
        try (PrintStream ps = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            rc = StorageTool.execute(new String[] {"format", "--config", file.toString(), "--cluster-id",
                    Uuid.randomUuid().toString()}, ps);
        }
        if (rc != 0) {
            throw new IllegalStateException("formatting the broker's storage failed (" + rc + "): "
                    + log.toString(StandardCharsets.UTF_8));
        }
    }

    private void startServer() {
        server = new KafkaRaftServer(KafkaConfig.fromProps(config, false), Time.SYSTEM);
        server.startup();
        awaitReady();
    }

    private void awaitReady() {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                if (!admin().describeCluster().nodes().get(5, TimeUnit.SECONDS).isEmpty()) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the local broker to answer", e);
            } catch (Exception e) {
                last = e;
            }
        }
        throw new IllegalStateException("the local broker did not answer within " + READY_TIMEOUT, last);
    }

    /** {@code 127.0.0.1:port}, for {@code bootstrap.servers}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    /** An admin client of this broker (owned by the broker; do not close it). */
    public synchronized Admin admin() {
        if (admin == null) {
            Properties p = new Properties();
            p.setProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
            p.setProperty(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
            p.setProperty(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
            admin = Admin.create(p);
        }
        return admin;
    }

    /** Creates a topic with {@code partitions} partitions (replication factor 1) and waits for it. */
    public void createTopic(String topic, int partitions) {
        try {
            admin().createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
            awaitPartitions(topic, partitions);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topic " + topic, e);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot create topic " + topic + ": " + e.getMessage(), e);
        }
    }

    /** Waits until the broker serves {@code partitions} partitions of {@code topic}, each with a leader. */
    private void awaitPartitions(String topic, int partitions) throws InterruptedException, ExecutionException,
            java.util.concurrent.TimeoutException {
        pollUntil("topic " + topic + " did not get " + partitions + " partitions with leaders", () -> {
            TopicDescription d;
            try {
                d = admin().describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                    return false; // the broker has not applied the new topic to its metadata yet
                }
                throw e;
            }
            return d.partitions().size() == partitions && d.partitions().stream().allMatch(p -> p.leader() != null);
        });
    }

    /** A condition of the broker's state, asked again until it holds. */
    @FunctionalInterface
    private interface Condition {
        boolean holds() throws InterruptedException, ExecutionException, java.util.concurrent.TimeoutException;
    }

    /**
     * Asks {@code condition} every 5 ms until it holds; after 30 s fails with {@code failure}. The broker
     * applies metadata and transaction markers asynchronously, so what its admin API reports converges.
     */
    private static void pollUntil(String failure, Condition condition) throws InterruptedException, ExecutionException,
            java.util.concurrent.TimeoutException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(failure + " within 30 s");
            }
            Thread.sleep(5);
        }
    }

    /** Raises a topic's partition count to {@code partitions}. */
    public void addPartitions(String topic, int partitions) {
        try {
            admin().createPartitions(Map.of(topic, NewPartitions.increaseTo(partitions))).all().get(30, TimeUnit.SECONDS);
            awaitPartitions(topic, partitions);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while adding partitions to " + topic, e);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot add partitions to " + topic + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes one record (string key and value, explicit partition and timestamp) through the broker's
     * own producer; {@link #flush} waits until all are written. For tests, demos and benchmarks.
     *
     * @param timestamp the record's timestamp (epoch ms), or null for the time of sending
     */
    public synchronized void send(String topic, int partition, Long timestamp, String key, String value) {
        if (producer == null) {
            Properties p = new Properties();
            p.setProperty(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
            p.setProperty(ProducerConfig.ACKS_CONFIG, "all");
            p.setProperty(ProducerConfig.LINGER_MS_CONFIG, "5");
            producer = new KafkaProducer<>(p, new StringSerializer(), new StringSerializer());
        }
        producer.send(new ProducerRecord<>(topic, partition, timestamp, key, value));
    }

    /** Waits until every record {@link #send sent} so far is written. */
    public synchronized void flush() {
        if (producer != null) {
            producer.flush();
        }
    }

    /** Every record of {@code topic} now in the log (string keys and values), partition by partition, in offset order. */
    public List<ConsumerRecord<String, String>> readAll(String topic) {
        return read(topic, "read_uncommitted");
    }

    /**
     * What a {@code read_committed} consumer of {@code topic} sees now: the records of committed
     * transactions (and non-transactional ones) up to the last stable offset, partition by partition.
     */
    public List<ConsumerRecord<String, String>> readCommitted(String topic) {
        awaitCompletingTransactions();
        return read(topic, "read_committed");
    }

    /**
     * Waits until no transaction is between its commit or abort and the markers that end it in the
     * partitions: a producer's {@code commitTransaction} returns once the coordinator has decided, and
     * the markers that move a partition's last stable offset follow. Transactions still open are not
     * waited for (a {@code read_committed} reader does not see them, which is what a test checks).
     */
    private void awaitCompletingTransactions() {
        ListTransactionsOptions completing = new ListTransactionsOptions()
                .filterStates(List.of(TransactionState.PREPARE_COMMIT, TransactionState.PREPARE_ABORT));
        try {
            pollUntil("transactions were still completing",
                    () -> admin().listTransactions(completing).all().get(30, TimeUnit.SECONDS).isEmpty());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for transactions to complete", e);
        } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
            throw new IllegalStateException("cannot list transactions: " + e.getMessage(), e);
        }
    }

    private List<ConsumerRecord<String, String>> read(String topic, String isolation) {
        Properties p = new Properties();
        p.setProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.setProperty(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(p, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> tps = new ArrayList<>();
            TopicDescription d;
            try {
                d = admin().describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while describing topic " + topic, e);
            } catch (ExecutionException | java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException("cannot describe topic " + topic + ": " + e, e);
            }
            d.partitions().forEach(info -> tps.add(new TopicPartition(topic, info.partition())));
            tps.sort(Comparator.comparingInt(TopicPartition::partition));
            Map<TopicPartition, Long> end = c.endOffsets(tps, Duration.ofSeconds(30));
            List<ConsumerRecord<String, String>> out = new ArrayList<>();
            for (TopicPartition tp : tps) {
                c.assign(List.of(tp));
                c.seekToBeginning(List.of(tp));
                long last = end.get(tp);
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (c.position(tp) < last) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("could not read " + tp + " to offset " + last);
                    }
                    for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                        out.add(r);
                    }
                }
            }
            return out;
        }
    }

    /** Stops the broker (clients see it gone); {@link #startAgain} brings it back on the same port and log. */
    public synchronized void stop() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(5));
            producer = null;
        }
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
            admin = null;
        }
        if (server != null) {
            server.shutdown();
            server.awaitShutdown();
            server = null;
        }
    }

    /** Starts a stopped broker again, on the same ports and log; returns once it answers. */
    public synchronized void startAgain() {
        if (server != null) {
            throw new IllegalStateException("the broker is running");
        }
        startServer();
    }

    /** Stops and starts the broker: a broker restart as clients see it. */
    public void restart() {
        stop();
        startAgain();
    }

    @Override
    public void close() {
        try {
            stop();
        } finally {
            deleteRecursively(dir);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(f -> {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    // a file the broker still holds open: the temporary directory is left for the OS
                }
            });
        } catch (IOException e) {
            // nothing more to do: it is a temporary directory
        }
    }
}
