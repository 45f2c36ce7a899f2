package io.tidemark.connector.kafka.source.reader;

import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.connector.kafka.KafkaBrokersUnreachableException;
import io.tidemark.connector.kafka.source.KafkaSourceOptions;
import io.tidemark.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import io.tidemark.connector.kafka.source.enumerator.subscriber.KafkaSubscriber;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import io.tidemark.connector.kafka.source.split.KafkaPartitionSplit;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction.SplitSourceContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads the partitions one source subtask owns, with one {@link KafkaConsumer}, into a split source
 * context: each partition is a split.
 *
 * <p>Design: everything runs on the source's thread. The consumer is {@code assign}ed the owned
 * partitions (no group rebalancing: the source decides who reads what, as Flink does) and polled
 * every {@value #POLL_TIMEOUT_MILLIS} ms at most. A poll's records are deserialized partition by
 * partition outside the checkpoint lock, then emitted under it together with the partition's new
 * position, so a {@link #snapshotState snapshot} taken under the lock matches the records emitted.
 * Partitions are looked up at start (an unanswered look-up fails the source, naming
 * {@code bootstrap.servers}) and, for an unbounded source, again every discovery interval (a failed
 * look-up is retried at the next one); new partitions are announced at once, so they hold the
 * watermark back until read. Offsets are committed asynchronously every commit interval and
 * synchronously at the end; once the job takes checkpoints ({@link #commitCheckpoint}), they are
 * committed when a checkpoint completes instead of every interval, as Flink's source does. A broker
 * that goes away while running is retried by the consumer.
 *
 * <p>Bounds: one batch of at most {@code max.poll.records} Kafka records (default 500) is held at a
 * time; per record, one map lookup for the partition and the deserializer's own cost.
 */
public final class KafkaSourceReader<T> {

    static final long POLL_TIMEOUT_MILLIS = 100;
    /** How long the final commit may take. */
    static final Duration CLOSE_COMMIT_TIMEOUT = Duration.ofSeconds(5);
    /**
     * The split of a subtask that owns no partition of an unbounded source: it holds the watermark back
     * (or, with idleness, goes idle after the timeout) as Flink's source reader without splits does, and
     * finishes when the subtask is given a partition.
     */
    public static final String NO_PARTITION_SPLIT = "(no partition)";

    /** One owned partition. Fields are written by the source thread; nextOffset also under the lock. */
    private static final class PartitionState {
        final TopicPartition tp;
        final String splitId;
        final long stoppingOffset;
        long nextOffset;
        long committedOffset = -1;
        boolean finished;

        PartitionState(TopicPartition tp, long nextOffset, long stoppingOffset) {
            this.tp = tp;
            this.splitId = KafkaPartitionSplit.toSplitId(tp);
            this.nextOffset = nextOffset;
            this.stoppingOffset = stoppingOffset;
        }
    }

    private final KafkaSubscriber subscriber;
    private final OffsetsInitializer startingOffsets;
    private final OffsetsInitializer stoppingOffsets;
    private final KafkaRecordDeserializationSchema<T> deserializer;
    private final Properties props;
    private final Map<String, KafkaPartitionSplit> restored;
    private final SplitSourceContext<T> ctx;
    private final Object lock;
    private final String bootstrapServers;
    private final boolean grouped;
    private final long discoveryIntervalNanos;
    private final long commitIntervalNanos;
    private final Duration apiTimeout;
    private final Map<TopicPartition, PartitionState> partitions = new LinkedHashMap<>();
    private final RecordBuffer<T> buffer = new RecordBuffer<>();
    private final Object idleWait = new Object();
    private volatile boolean running = true;
    /** Whether the job takes checkpoints: offsets are then committed when they complete, not every interval. */
    private volatile boolean checkpointing;
    /** The offsets of the latest completed checkpoint, for the read loop to commit (the consumer is its own). */
    private final java.util.concurrent.atomic.AtomicReference<Map<TopicPartition, OffsetAndMetadata>> checkpointCommit =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** The splits watermark alignment asks to pause (any thread, under the checkpoint lock); applied by the read loop. */
    private final Set<String> alignmentPaused = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /** The partitions the read loop paused for alignment (read loop only). */
    private final Set<TopicPartition> pausedForAlignment = new java.util.HashSet<>();
    private volatile KafkaConsumer<byte[], byte[]> consumer;
    private Admin admin;
    private boolean placeholderAnnounced;
    private long failedCommits;

    public KafkaSourceReader(KafkaSubscriber subscriber, OffsetsInitializer startingOffsets, OffsetsInitializer stoppingOffsets,
            KafkaRecordDeserializationSchema<T> deserializer, Properties props, Map<String, KafkaPartitionSplit> restored,
            SplitSourceContext<T> ctx) {
        this.subscriber = subscriber;
        this.startingOffsets = startingOffsets;
        this.stoppingOffsets = stoppingOffsets;
        this.deserializer = deserializer;
        this.props = props;
        this.restored = restored;
        this.ctx = ctx;
        this.lock = ctx.getCheckpointLock();
        this.bootstrapServers = props.getProperty(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG);
        this.grouped = !props.getProperty(ConsumerConfig.GROUP_ID_CONFIG, "").isBlank();
        long discovery = stoppingOffsets != null ? 0 : KafkaSourceOptions.getLong(props,
                KafkaSourceOptions.PARTITION_DISCOVERY_INTERVAL_MS, KafkaSourceOptions.DEFAULT_PARTITION_DISCOVERY_INTERVAL_MS);
        this.discoveryIntervalNanos = discovery > 0 ? discovery * 1_000_000L : Long.MAX_VALUE;
        long commit = KafkaSourceOptions.getLong(props, KafkaSourceOptions.COMMIT_OFFSETS_INTERVAL_MS,
                KafkaSourceOptions.DEFAULT_COMMIT_OFFSETS_INTERVAL_MS);
        this.commitIntervalNanos = grouped && commit > 0 ? commit * 1_000_000L : Long.MAX_VALUE;
        this.apiTimeout = Duration.ofMillis(KafkaSourceOptions.getLong(props, ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 60_000L));
    }

    /**
     * Which of {@code subtasks} subtasks reads {@code tp}: per topic, round robin over the partitions
     * from a start that depends on the topic's name, so one topic's partitions spread evenly (the
     * assignment Flink's Kafka source makes).
     */
    public static int owner(TopicPartition tp, int subtasks) {
        int start = ((tp.topic().hashCode() * 31) & Integer.MAX_VALUE) % subtasks;
        return (start + tp.partition()) % subtasks;
    }

    private boolean owns(TopicPartition tp) {
        return owner(tp, ctx.getNumberOfParallelSubtasks()) == ctx.getIndexOfThisSubtask();
    }

    /** Reads until a bounded input ends or {@link #cancel} is called. */
    public void run() throws Exception {
        Properties cp = consumerProperties();
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(cp, new ByteArrayDeserializer(), new ByteArrayDeserializer());
                Admin a = Admin.create(adminProperties(cp))) {
            consumer = c;
            admin = a;
            deserializer.open(new DeserializationSchema.InitializationContext() {
                @Override
                public int getIndexOfThisSubtask() {
                    return ctx.getIndexOfThisSubtask();
                }

                @Override
                public int getNumberOfParallelSubtasks() {
                    return ctx.getNumberOfParallelSubtasks();
                }
            });
            try {
                discover(true);
                readLoop(c);
            } catch (WakeupException | InterruptException e) {
                if (running) {
                    throw e;
                }
            } finally {
                if (grouped) {
                    commitFinal(c);
                }
                consumer = null;
            }
        }
    }

    private void readLoop(KafkaConsumer<byte[], byte[]> c) {
        long now = System.nanoTime();
        long nextDiscovery = add(now, discoveryIntervalNanos);
        long nextCommit = add(now, commitIntervalNanos);
        Duration pollTimeout = Duration.ofMillis(POLL_TIMEOUT_MILLIS);
        while (running) {
            if (stoppingOffsets != null && allFinished()) {
                return;
            }
            if (c.assignment().isEmpty()) {
                awaitQuietly(nextDiscovery);
            } else {
                applyAlignment(c);
                emit(c.poll(pollTimeout));
                if (stoppingOffsets != null) {
                    finishReached(c);
                }
            }
            now = System.nanoTime();
            Map<TopicPartition, OffsetAndMetadata> completed = checkpointCommit.getAndSet(null);
            if (completed != null && grouped) {
                commitAsync(c, completed);
            } else if (!checkpointing && now - nextCommit >= 0) {
                commitAsync(c, uncommitted());
                nextCommit = add(now, commitIntervalNanos);
            }
            if (now - nextDiscovery >= 0) {
                discover(false);
                nextDiscovery = add(System.nanoTime(), discoveryIntervalNanos);
            }
        }
    }

    /**
     * Watermark alignment: stop reading {@code pause}, read {@code resume} again (Flink's
     * {@code KafkaSourceReader.pauseOrResumeSplits}); takes effect at the next poll. Any thread.
     */
    public void pauseOrResumeSplits(Collection<String> pause, Collection<String> resume) {
        alignmentPaused.addAll(pause);
        alignmentPaused.removeAll(resume);
    }

    /** Pauses and resumes partitions as alignment asks; finished partitions stay paused. */
    private void applyAlignment(KafkaConsumer<byte[], byte[]> c) {
        if (alignmentPaused.isEmpty() && pausedForAlignment.isEmpty()) {
            return;
        }
        List<TopicPartition> pause = new ArrayList<>();
        List<TopicPartition> resume = new ArrayList<>();
        for (PartitionState ps : partitions.values()) {
            boolean wanted = alignmentPaused.contains(ps.splitId) && !ps.finished;
            if (wanted && pausedForAlignment.add(ps.tp)) {
                pause.add(ps.tp);
            } else if (!wanted && pausedForAlignment.remove(ps.tp) && !ps.finished) {
                resume.add(ps.tp);
            }
        }
        if (!pause.isEmpty()) {
            c.pause(pause);
        }
        if (!resume.isEmpty()) {
            c.resume(resume);
        }
    }

    private static long add(long now, long interval) {
        return interval == Long.MAX_VALUE ? now + Long.MAX_VALUE / 2 : now + interval;
    }

    /** Waits (a subtask without partitions) until {@code deadline} or {@link #cancel}. */
    private void awaitQuietly(long deadline) {
        synchronized (idleWait) {
            long left = deadline - System.nanoTime();
            if (running && left > 0) {
                try {
                    idleWait.wait(Math.max(1, Math.min(left / 1_000_000L, 1_000L)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    running = false;
                }
            }
        }
    }

    private Properties consumerProperties() {
        Properties p = new Properties();
        p.putAll(props);
        for (String k : KafkaSourceOptions.SOURCE_ONLY) {
            p.remove(k);
        }
        p.setProperty(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        @SuppressWarnings("deprecation")
        String reset = startingOffsets.getAutoOffsetResetStrategy().name().toLowerCase(Locale.ROOT);
        p.putIfAbsent(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, reset);
        String prefix = props.getProperty(KafkaSourceOptions.CLIENT_ID_PREFIX,
                grouped ? props.getProperty(ConsumerConfig.GROUP_ID_CONFIG) : "tidemark-kafka-source");
        p.setProperty(ConsumerConfig.CLIENT_ID_CONFIG, prefix + "-" + ctx.getIndexOfThisSubtask());
        return p;
    }

    /** The consumer's connection settings (servers, security) for the admin client that looks partitions up. */
    private Properties adminProperties(Properties consumerProps) {
        Properties p = new Properties();
        for (String key : consumerProps.stringPropertyNames()) {
            if (AdminClientConfig.configNames().contains(key)) {
                p.setProperty(key, consumerProps.getProperty(key));
            }
        }
        p.setProperty(AdminClientConfig.CLIENT_ID_CONFIG, consumerProps.getProperty(ConsumerConfig.CLIENT_ID_CONFIG) + "-admin");
        // the admin client insists that no request may take longer than an API call
        long request = KafkaSourceOptions.getLong(consumerProps, AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 30_000L);
        p.setProperty(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Math.min(request, apiTimeout.toMillis())));
        p.setProperty(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(apiTimeout.toMillis()));
        return p;
    }

    // ------------------------------------------------------------------ partitions

    /** Looks the subscribed partitions up; starts reading those this subtask owns and does not read yet. */
    private void discover(boolean initial) {
        KafkaConsumer<byte[], byte[]> c = consumer;
        Set<TopicPartition> all;
        try {
            all = subscriber.getSubscribedTopicPartitions(admin, apiTimeout);
        } catch (TimeoutException e) {
            if (initial) {
                throw new KafkaBrokersUnreachableException(bootstrapServers, apiTimeout.toMillis(), e);
            }
            return; // retried at the next discovery
        } catch (IllegalStateException e) {
            if (initial) {
                throw new IllegalStateException(e.getMessage() + " (Kafka brokers at " + bootstrapServers + ")", e);
            }
            return;
        }
        List<TopicPartition> fresh = new ArrayList<>();
        for (TopicPartition tp : all) {
            if (!partitions.containsKey(tp) && owns(tp)) {
                fresh.add(tp);
            }
        }
        fresh.sort((a, b) -> a.topic().equals(b.topic()) ? Integer.compare(a.partition(), b.partition())
                : a.topic().compareTo(b.topic()));
        if (fresh.isEmpty()) {
            if (initial && partitions.isEmpty() && stoppingOffsets == null) {
                placeholderAnnounced = true;
                ctx.announceSplit(NO_PARTITION_SPLIT);
            }
            return;
        }
        Map<TopicPartition, Long> start;
        Map<TopicPartition, Long> stop;
        try {
            start = startingOffsets(fresh, initial);
            stop = stoppingOffsets == null ? Map.of() : stoppingOffsets.getPartitionOffsets(fresh, retriever());
        } catch (TimeoutException e) {
            if (initial) {
                throw new KafkaBrokersUnreachableException(bootstrapServers, apiTimeout.toMillis(), e);
            }
            return; // the partitions are found again at the next discovery
        }
        List<PartitionState> added = new ArrayList<>();
        synchronized (lock) {
            for (TopicPartition tp : fresh) {
                Long s = start.get(tp);
                if (s == null) {
                    throw new IllegalStateException("no starting offset for " + tp + " from " + startingOffsets);
                }
                Long e = stop.get(tp);
                PartitionState ps = new PartitionState(tp, s, e == null ? KafkaPartitionSplit.NO_STOPPING_OFFSET : e);
                partitions.put(tp, ps);
                ctx.announceSplit(ps.splitId);
                added.add(ps);
            }
        }
        if (placeholderAnnounced) {
            placeholderAnnounced = false;
            ctx.splitFinished(NO_PARTITION_SPLIT);
        }
        List<TopicPartition> assignment = new ArrayList<>(c.assignment());
        for (PartitionState ps : added) {
            if (ps.nextOffset >= ps.stoppingOffset) {
                ps.finished = true;
                ctx.splitFinished(ps.splitId);
            } else {
                assignment.add(ps.tp);
            }
        }
        c.assign(assignment);
        for (PartitionState ps : added) {
            if (!ps.finished) {
                c.seek(ps.tp, ps.nextOffset);
            }
        }
    }

    /** Restored positions first; then the starting offsets (at start) or the earliest (partitions found later). */
    private Map<TopicPartition, Long> startingOffsets(List<TopicPartition> fresh, boolean initial) {
        Map<TopicPartition, Long> start = new HashMap<>();
        List<TopicPartition> rest = new ArrayList<>();
        for (TopicPartition tp : fresh) {
            KafkaPartitionSplit s = restored.get(KafkaPartitionSplit.toSplitId(tp));
            if (s != null) {
                start.put(tp, s.startingOffset());
            } else {
                rest.add(tp);
            }
        }
        if (!rest.isEmpty()) {
            OffsetsInitializer init = initial ? startingOffsets : OffsetsInitializer.earliest();
            start.putAll(init.getPartitionOffsets(rest, retriever()));
        }
        return start;
    }

    private boolean allFinished() {
        for (PartitionState ps : partitions.values()) {
            if (!ps.finished) {
                return false;
            }
        }
        return true;
    }

    /** Finishes bounded partitions whose position reached the stopping offset without a record there (gaps, markers). */
    private void finishReached(KafkaConsumer<byte[], byte[]> c) {
        for (PartitionState ps : partitions.values()) {
            if (!ps.finished && ps.stoppingOffset != KafkaPartitionSplit.NO_STOPPING_OFFSET) {
                long position;
                try {
                    position = c.position(ps.tp, Duration.ZERO);
                } catch (TimeoutException e) {
                    continue;
                }
                if (position >= ps.stoppingOffset) {
                    finish(c, ps);
                }
            }
        }
    }

    private void finish(KafkaConsumer<byte[], byte[]> c, PartitionState ps) {
        ps.finished = true;
        c.pause(List.of(ps.tp));
        ctx.splitFinished(ps.splitId);
    }

    // ------------------------------------------------------------------ records

    private void emit(ConsumerRecords<byte[], byte[]> records) {
        if (records.isEmpty()) {
            return;
        }
        for (TopicPartition tp : records.partitions()) {
            PartitionState ps = partitions.get(tp);
            if (ps == null || ps.finished) {
                continue;
            }
            long next = ps.nextOffset;
            boolean end = false;
            try {
                for (ConsumerRecord<byte[], byte[]> r : records.records(tp)) {
                    if (r.offset() >= ps.stoppingOffset) {
                        end = true;
                        break;
                    }
                    buffer.currentTimestamp = r.timestamp();
                    try {
                        deserializer.deserialize(r, buffer);
                    } catch (Exception e) {
                        throw new IllegalStateException("cannot deserialize the Kafka record at topic " + r.topic()
                                + ", partition " + r.partition() + ", offset " + r.offset() + ": " + e, e);
                    }
                    next = r.offset() + 1;
                }
                synchronized (lock) {
                    for (int i = 0, n = buffer.size(); i < n; i++) {
                        ctx.collectWithTimestamp(ps.splitId, buffer.element(i), buffer.timestamp(i));
                    }
                    ps.nextOffset = next;
                }
            } finally {
                buffer.clear();
            }
            if (end || next >= ps.stoppingOffset) {
                finish(consumer, ps);
            }
        }
    }

    // ------------------------------------------------------------------ offsets

    private Map<TopicPartition, OffsetAndMetadata> uncommitted() {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (PartitionState ps : partitions.values()) {
            if (ps.nextOffset != ps.committedOffset) {
                offsets.put(ps.tp, new OffsetAndMetadata(ps.nextOffset));
            }
        }
        return offsets;
    }

    private void commitAsync(KafkaConsumer<byte[], byte[]> c, Map<TopicPartition, OffsetAndMetadata> offsets) {
        if (offsets.isEmpty()) {
            return;
        }
        c.commitAsync(offsets, (done, e) -> {
            if (e != null) {
                failedCommits++; // retried with the next commit
            } else {
                markCommitted(done);
            }
        });
    }

    private void markCommitted(Map<TopicPartition, OffsetAndMetadata> done) {
        for (Map.Entry<TopicPartition, OffsetAndMetadata> d : done.entrySet()) {
            PartitionState ps = partitions.get(d.getKey());
            if (ps != null) {
                ps.committedOffset = d.getValue().offset();
            }
        }
    }

    private void commitFinal(KafkaConsumer<byte[], byte[]> c) {
        Map<TopicPartition, OffsetAndMetadata> offsets = uncommitted();
        if (offsets.isEmpty()) {
            return;
        }
        boolean interrupted = Thread.interrupted(); // a cancelled task's thread: commit anyway, then restore
        try {
            c.commitSync(offsets, CLOSE_COMMIT_TIMEOUT);
            markCommitted(offsets);
        } catch (RuntimeException e) {
            failedCommits++; // the next run starts from the last commit that succeeded
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Commits that failed so far (each is retried by the next). */
    public long getFailedCommits() {
        return failedCommits;
    }

    /**
     * Each partition with the offset of its next record: consistent with the emitted records when taken
     * under the lock. A restored partition that discovery has not assigned yet keeps its restored
     * position (nothing of it was read), so a checkpoint taken right after a restore holds every position
     * it was restored with.
     */
    public Map<String, KafkaPartitionSplit> snapshotState() {
        synchronized (lock) {
            Map<String, KafkaPartitionSplit> state = new LinkedHashMap<>();
            for (PartitionState ps : partitions.values()) {
                state.put(ps.splitId, new KafkaPartitionSplit(ps.tp, ps.nextOffset, ps.stoppingOffset));
            }
            for (Map.Entry<String, KafkaPartitionSplit> r : restored.entrySet()) {
                if (!partitions.containsKey(r.getValue().topicPartition())) {
                    state.put(r.getKey(), r.getValue());
                }
            }
            return state;
        }
    }

    /** Stops {@link #run} soon; called from another thread. */
    /**
     * A checkpoint completed whose snapshot held {@code splits}: their offsets are committed to the
     * group at the read loop's next turn (within {@value #POLL_TIMEOUT_MILLIS} ms), and from now on
     * only completed checkpoints commit (plus the end of the input). Any thread.
     */
    public void commitCheckpoint(Map<String, KafkaPartitionSplit> splits) {
        checkpointing = true;
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        for (KafkaPartitionSplit split : splits.values()) {
            if (split.startingOffset() >= 0) {
                offsets.put(split.topicPartition(), new OffsetAndMetadata(split.startingOffset()));
            }
        }
        checkpointCommit.set(offsets);
    }

    /** From the first checkpoint on, offsets are committed only when checkpoints complete. Any thread. */
    public void checkpointing() {
        checkpointing = true;
    }

    public void cancel() {
        running = false;
        KafkaConsumer<byte[], byte[]> c = consumer;
        if (c != null) {
            c.wakeup();
        }
        synchronized (idleWait) {
            idleWait.notifyAll();
        }
    }

    // ------------------------------------------------------------------ offset look-ups

    private OffsetsInitializer.PartitionOffsetsRetriever retriever() {
        KafkaConsumer<byte[], byte[]> c = consumer;
        return new OffsetsInitializer.PartitionOffsetsRetriever() {
            @Override
            public Map<TopicPartition, Long> committedOffsets(Collection<TopicPartition> tps) {
                Map<TopicPartition, Long> result = new HashMap<>();
                if (!grouped) {
                    return result;
                }
                for (Map.Entry<TopicPartition, OffsetAndMetadata> e : c.committed(Set.copyOf(tps), apiTimeout).entrySet()) {
                    if (e.getValue() != null) {
                        result.put(e.getKey(), e.getValue().offset());
                    }
                }
                return result;
            }

            @Override
            public Map<TopicPartition, Long> endOffsets(Collection<TopicPartition> tps) {
                return c.endOffsets(tps, apiTimeout);
            }

            @Override
            public Map<TopicPartition, Long> beginningOffsets(Collection<TopicPartition> tps) {
                return c.beginningOffsets(tps, apiTimeout);
            }

            @Override
            public Map<TopicPartition, OffsetAndTimestamp> offsetsForTimes(Map<TopicPartition, Long> timestamps) {
                return c.offsetsForTimes(timestamps, apiTimeout);
            }
        };
    }
}
