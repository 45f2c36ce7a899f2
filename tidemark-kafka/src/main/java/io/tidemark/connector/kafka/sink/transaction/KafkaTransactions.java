package io.tidemark.connector.kafka.sink.transaction;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The transactions of one exactly-once Kafka writer subtask, one per checkpoint, whichever engine
 * drives it (the embedded engine's checkpoints or Flink's Sink V2):
 * <pre>
 *   start(restored) → send… → prepareCommit() [barrier] → snapshot() → … → commit(committables) [checkpoint complete]
 * </pre>
 * Records go into the open transaction. On a barrier, {@link #prepareCommit} prepares it (every record
 * acknowledged) and hands out its {@link KafkaCommittable}, and the next records go into a new
 * transaction of another transactional id; when the checkpoint completes, {@link #commit} commits the
 * checkpoint's transactions (and any earlier one whose notification was lost).
 *
 * <p>Transactional ids: {@code prefix-subtask-k}, k in [0, {@link #POOL_SIZE}): a pool per subtask, an id
 * back in the pool when its transaction is committed. The pool bounds what a restart must clean up:
 * {@link #start} first commits the restored checkpoint's pending transactions (each resumed by its id,
 * producer id and epoch), then initialises every id of the pool — of this subtask and, after a
 * parallelism change, of the old subtasks that map to it (old subtask j goes to j mod the new
 * parallelism) — which aborts whatever they left open after the checkpoint. An id is only reused after
 * its transaction is committed, so at most {@code POOL_SIZE − 1} checkpoints can await their commit at
 * once; one more fails the job, naming the cause (commits that never come).
 *
 * <p>Several writers of one JVM (a sink's subtasks) register their live transactions in
 * {@link #LIVE}, so that a committer elsewhere in the JVM (Flink's committer operator) commits with the
 * producer that wrote them; a committable without a live producer (after a restart) is committed by
 * resuming it ({@link TransactionalProducer#commitPrepared}).
 */
public final class KafkaTransactions implements AutoCloseable {

    /** Transactional ids per subtask. */
    public static final int POOL_SIZE = 5;

    /** Every live writer's prepared transactions in this JVM, by transactional id. */
    private static final Map<String, KafkaTransactions> LIVE = new ConcurrentHashMap<>();

    private final Properties props;
    private final String prefix;
    private final int subtask;
    private final int parallelism;
    private final Map<String, TransactionalProducer> producers = new LinkedHashMap<>();
    private final Map<String, KafkaCommittable> pending = new LinkedHashMap<>();
    private final Deque<String> free = new ArrayDeque<>();
    private TransactionalProducer current;

    public KafkaTransactions(Properties props, String prefix, int subtask, int parallelism) {
        this.props = props;
        this.prefix = prefix;
        this.subtask = subtask;
        this.parallelism = parallelism;
        for (int k = 0; k < POOL_SIZE; k++) {
            free.add(id(subtask, k));
        }
    }

    /** The transactional id {@code k} of {@code subtask}. */
    String id(int subtask, int k) {
        return prefix + "-" + subtask + "-" + k;
    }

    /**
     * Commits what {@code restored} (the states of the restored checkpoint given to this subtask; empty
     * for a fresh start) left pending, aborts what the pool's ids left open, and begins the first
     * transaction. Returns the number of transactions committed.
     */
    public int start(Collection<KafkaWriterState> restored) {
        int committed = 0;
        int oldParallelism = parallelism;
        for (KafkaWriterState s : restored) {
            oldParallelism = Math.max(oldParallelism, s.parallelism());
            for (KafkaCommittable c : s.pending()) {
                committed += commit(props, c) ? 1 : 0;
            }
        }
        for (int old = subtask; old < oldParallelism; old += parallelism) {
            for (int k = 0; k < POOL_SIZE; k++) {
                try (TransactionalProducer p = new TransactionalProducer(props, id(old, k))) {
                    p.initFresh();
                }
            }
        }
        begin();
        return committed;
    }

    /** The live producer of {@code id}, created (and initialised) on first use. */
    private TransactionalProducer producer(String id) {
        return producers.computeIfAbsent(id, i -> {
            TransactionalProducer p = new TransactionalProducer(props, i);
            p.initFresh();
            return p;
        });
    }

    private void begin() {
        String id = free.pollFirst();
        if (id == null) {
            throw new IllegalStateException(POOL_SIZE - 1 + " checkpoints of Kafka sink '" + prefix + "' (subtask " + subtask
                    + ") are waiting for their commit: the checkpoints complete but their commits do not come ("
                    + pending.keySet() + ")");
        }
        current = producer(id);
        current.begin();
    }

    public void send(ProducerRecord<byte[], byte[]> record, Callback callback) {
        current.send(record, callback);
    }

    /** Partitions of {@code topic}, for partitioners. */
    public List<org.apache.kafka.common.PartitionInfo> partitionsFor(String topic) {
        return current.partitionsFor(topic);
    }

    /** On a barrier: prepares the open transaction, begins the next; returns the checkpoint's committable. */
    public synchronized KafkaCommittable prepareCommit() {
        KafkaCommittable c = current.prepare();
        pending.put(c.transactionalId(), c);
        LIVE.put(c.transactionalId(), this);
        begin();
        return c;
    }

    /** The checkpoint's state: the transactions prepared and not committed yet. */
    public synchronized KafkaWriterState snapshot() {
        return new KafkaWriterState(subtask, parallelism, new ArrayList<>(pending.values()));
    }

    /**
     * Commits {@code committable}: with the producer that prepared it when it is live in this JVM,
     * else by resuming it. Returns false when it was over already (committed before).
     */
    public static boolean commit(Properties props, KafkaCommittable committable) {
        KafkaTransactions owner = LIVE.get(committable.transactionalId());
        if (owner != null && owner.commitLive(committable)) {
            return true;
        }
        try (TransactionalProducer p = new TransactionalProducer(props, committable.transactionalId())) {
            return p.commitPrepared(committable);
        }
    }

    private synchronized boolean commitLive(KafkaCommittable c) {
        if (!c.equals(pending.get(c.transactionalId()))) {
            return false;
        }
        producers.get(c.transactionalId()).commit();
        pending.remove(c.transactionalId());
        LIVE.remove(c.transactionalId(), this);
        free.addLast(c.transactionalId());
        return true;
    }

    /** Commits every transaction this writer prepared and has not committed: the end of the input, without checkpoints. */
    public synchronized void commitAll() {
        for (KafkaCommittable c : new ArrayList<>(pending.values())) {
            commitLive(c);
        }
    }

    /**
     * Closes every producer: prepared transactions stay open for their commit (a later
     * {@link #commit}, or the next start's), the open one is aborted.
     */
    @Override
    public synchronized void close() {
        for (String id : pending.keySet()) {
            LIVE.remove(id, this);
        }
        for (TransactionalProducer p : producers.values()) {
            p.close();
        }
        producers.clear();
    }
}
