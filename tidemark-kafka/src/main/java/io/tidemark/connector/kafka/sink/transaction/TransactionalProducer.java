package io.tidemark.connector.kafka.sink.transaction;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A Kafka producer with one transactional id whose transactions commit in two phases, across process
 * crashes:
 * <ol>
 *   <li>{@link #begin}, {@link #send}…, then {@link #prepare}: every record is acknowledged inside the
 *   open transaction, and the transaction's producer id and epoch come back as a {@link KafkaCommittable},
 *   which the checkpoint keeps;
 *   <li>when the checkpoint completes, {@link #commit} (this producer, still alive), or, after a crash,
 *   {@link #commitPrepared} in a new process: a producer of the same transactional id <em>resumes</em>
 *   the transaction under the producer id and epoch the committable names and commits it. A
 *   transaction committed already is left alone (the broker has moved to a later epoch and refuses).
 *   {@link #initFresh} then aborts whatever else the id left open (a transaction begun after the
 *   checkpoint) and fences its old producer.
 * </ol>
 *
 * <p>Why this way, on kafka-clients 4.4: Kafka's own two-phase commit (KIP-939: {@code
 * transaction.two.phase.commit.enable}, {@code initTransactions(keepPreparedTxn)}, {@code
 * prepareTransaction}, {@code completeTransaction}) is not usable yet — 4.4's {@code KafkaProducer} does
 * not expose those calls, and the request they need (InitProducerId v6) is still marked unstable, so
 * the 4.4 client never sends it (tried against the 4.4 broker with unstable versions enabled: the
 * prepared transaction is aborted, not kept). Flink's own Kafka sink resumes a transaction by setting
 * the producer id and epoch in the client's transaction manager, but its producer fails on
 * kafka-clients 4.4 ({@code TransactionalRequestResult.await()} is gone). This class resumes the same
 * way, through reflection on that manager (its state transitions, producer id and epoch, and whether
 * the transaction started), with transaction version 2 (KIP-890, the default of Kafka 4 clusters:
 * every transaction gets an epoch of its own, so a resumed commit can only ever commit the transaction
 * it names). The broker aborts a transaction left open longer than {@code transaction.timeout.ms}
 * (here 15 minutes unless set, the broker's default maximum): a job must be started again within
 * it, or that checkpoint's records are lost, as with Flink.
 */
public final class TransactionalProducer implements AutoCloseable {

    /** How long the broker keeps a transaction open without its producer: the broker's default maximum. */
    public static final Duration DEFAULT_TRANSACTION_TIMEOUT = Duration.ofMinutes(15);

    /** How long closing waits for what the producer still sends, outside transactions. */
    static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(5);

    private final String transactionalId;
    private final KafkaProducer<byte[], byte[]> producer;
    private final Object transactionManager;
    private Phase phase = Phase.IDLE;

    /** Where the producer's current transaction is. */
    public enum Phase {
        /** No transaction open: ready to begin one. */
        IDLE,
        /** A transaction is open and takes records. */
        OPEN,
        /** The open transaction's records are all acknowledged and its committable handed out: it awaits its commit. */
        PREPARED
    }

    /** A producer for {@code transactionalId}, with {@code props} (bootstrap servers and the user's settings). */
    public TransactionalProducer(Properties props, String transactionalId) {
        this.transactionalId = transactionalId;
        Properties p = new Properties();
        p.putAll(props);
        p.setProperty(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        p.putIfAbsent(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, Long.toString(DEFAULT_TRANSACTION_TIMEOUT.toMillis()));
        p.setProperty(ProducerConfig.ACKS_CONFIG, "all");
        p.setProperty(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.putIfAbsent(ProducerConfig.CLIENT_ID_CONFIG, "tidemark-" + transactionalId);
        this.producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        try {
            Field f = KafkaProducer.class.getDeclaredField("transactionManager");
            f.setAccessible(true);
            this.transactionManager = f.get(producer);
        } catch (ReflectiveOperationException | RuntimeException e) {
            producer.close(Duration.ZERO);
            throw new IllegalStateException("this kafka-clients version has no transaction manager where Tidemark expects it "
                    + "(kafka-clients 4.4 is supported): " + e, e);
        }
    }

    public String transactionalId() {
        return transactionalId;
    }

    /** Initialises the producer, aborting whatever transaction its id left open (and fencing older producers of the id). */
    public void initFresh() {
        producer.initTransactions();
    }

    /**
     * Commits the transaction {@code prepared} names, which a producer of this id (in this or another
     * process) prepared and did not commit: resumes it under its producer id and epoch and ends it with
     * a commit. Returns true when the transaction is committed (now, or already: the broker answers a
     * repeated commit of the transaction it just committed as a retry), false when the broker refuses
     * because the id has moved on (a later transaction, or the transaction aborted by its timeout).
     * Another failure leaves the transaction as it was. Call on a new producer, and close it after: the
     * producer serves this one commit.
     */
    public boolean commitPrepared(KafkaCommittable prepared) {
        if (!prepared.transactionalId().equals(transactionalId)) {
            throw new IllegalArgumentException(prepared + " is not a transaction of " + transactionalId);
        }
        producer.partitionsFor(anyTopic()); // connects, so the client knows the brokers' transaction version
        transitionTo("INITIALIZING");
        invoke("setProducerIdAndEpoch", new Class<?>[] {PRODUCER_ID_AND_EPOCH}, producerIdAndEpoch(prepared));
        transitionTo("READY");
        invoke("maybeUpdateTransactionV2Enabled", new Class<?>[] {boolean.class}, true);
        transitionTo("IN_TRANSACTION");
        setField("transactionStarted", true);
        phase = Phase.PREPARED; // closing after a failed commit leaves it open

        try {
            commit();
            return true;
        } catch (org.apache.kafka.common.errors.ProducerFencedException | org.apache.kafka.common.errors.InvalidProducerEpochException
                | org.apache.kafka.common.errors.InvalidTxnStateException e) {
            phase = Phase.IDLE;
            return false;
        }
    }

    public void begin() {
        producer.beginTransaction();
        phase = Phase.OPEN;
    }

    public void send(ProducerRecord<byte[], byte[]> record, Callback callback) {
        producer.send(record, callback);
    }

    /** Waits until every record sent so far is acknowledged (inside the open transaction: not visible yet). */
    public void flush() {
        producer.flush();
    }

    /** Flushes every record of the open transaction and prepares it; what comes back commits it later. */
    public KafkaCommittable prepare() {
        if (phase != Phase.OPEN) {
            throw new IllegalStateException("no transaction to prepare on " + transactionalId);
        }
        if (!Boolean.TRUE.equals(invoke("isTransactionV2Enabled", new Class<?>[0]))) {
            throw new IllegalStateException("exactly-once to Kafka needs brokers with transaction version 2 (KIP-890, the "
                    + "default of Kafka 4.x clusters): only then does each transaction get an epoch of its own, which "
                    + "tells a prepared transaction from a later one after a crash");
        }
        producer.flush();
        Object state = invoke("producerIdAndEpoch", new Class<?>[0]);
        phase = Phase.PREPARED;
        return new KafkaCommittable(transactionalId, producerId(state), epoch(state));
    }

    public void commit() {
        producer.commitTransaction();
        phase = Phase.IDLE;
    }

    public void abort() {
        producer.abortTransaction();
        phase = Phase.IDLE;
    }

    public Phase phase() {
        return phase;
    }

    /** The producer's partitions of {@code topic}, for partitioners. */
    public java.util.List<org.apache.kafka.common.PartitionInfo> partitionsFor(String topic) {
        return producer.partitionsFor(topic);
    }

    /**
     * Closes the producer. A prepared transaction stays open on the broker, as a crash leaves it (a
     * graceful close would abort it): it is a checkpoint's, which {@link #commitPrepared} commits later.
     * An open one that was never prepared is aborted first (its records will be written again), so that
     * it does not hold back {@code read_committed} readers until its timeout.
     */
    @Override
    public void close() {
        if (phase == Phase.OPEN) {
            try {
                abort();
            } catch (RuntimeException e) {
                // the broker cannot be reached or the producer was fenced: the id's next start aborts it
            }
        }
        producer.close(phase == Phase.IDLE ? CLOSE_TIMEOUT : Duration.ZERO);
    }

    /** Closes the producer as a crash would: whatever transaction is open stays open on the broker. */
    public void crash() {
        producer.close(Duration.ZERO);
    }

    private static final Class<?> PRODUCER_ID_AND_EPOCH = internalClass("org.apache.kafka.common.utils.internals.ProducerIdAndEpoch");
    private static final Class<?> STATE = internalClass("org.apache.kafka.clients.producer.internals.TransactionManager$State");

    private static Class<?> internalClass(String name) {
        try {
            return Class.forName(name, false, KafkaProducer.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("this kafka-clients version lacks " + name + " (kafka-clients 4.4 is supported)", e);
        }
    }

    private static Object producerIdAndEpoch(KafkaCommittable c) {
        try {
            return PRODUCER_ID_AND_EPOCH.getConstructor(long.class, short.class).newInstance(c.producerId(), c.epoch());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build a producer id and epoch: " + e, e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void transitionTo(String state) {
        invoke("transitionTo", new Class<?>[] {STATE}, Enum.valueOf((Class) STATE, state));
    }

    /** Calls a method of the transaction manager, public or not. */
    private Object invoke(String method, Class<?>[] types, Object... args) {
        try {
            Method m = transactionManager.getClass().getDeclaredMethod(method, types);
            m.setAccessible(true);
            return m.invoke(transactionManager, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(method + " failed for " + transactionalId + ": " + e.getCause(), e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this kafka-clients version has no transaction manager step " + method
                    + " (kafka-clients 4.4 is supported): " + e, e);
        }
    }

    private void setField(String name, Object value) {
        try {
            Field f = transactionManager.getClass().getDeclaredField(name);
            f.setAccessible(true);
            f.set(transactionManager, value);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("this kafka-clients version has no transaction manager field " + name + ": " + e, e);
        }
    }

    /** A topic that exists wherever a transaction was ever prepared: the transaction coordinator's log. */
    private static String anyTopic() {
        return "__transaction_state";
    }

    private static long producerId(Object producerIdAndEpoch) {
        return (Long) field(producerIdAndEpoch, "producerId");
    }

    private static short epoch(Object producerIdAndEpoch) {
        return (Short) field(producerIdAndEpoch, "epoch");
    }

    private static Object field(Object o, String name) {
        try {
            Field f = o.getClass().getField(name);
            return f.get(o);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("unexpected producer id and epoch " + o + ": " + e, e);
        }
    }
}
