package io.tidemark.runtime.operators.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.connector.sink2.CommitterInitContext;
import io.tidemark.api.connector.sink2.Committer;
import io.tidemark.api.connector.sink2.CommittingSinkWriter;
import io.tidemark.api.connector.sink2.Sink;
import io.tidemark.api.connector.sink2.SinkWriter;
import io.tidemark.api.connector.sink2.SupportsCommitter;
import io.tidemark.api.connector.sink2.SupportsWriterState;
import io.tidemark.api.connector.sink2.WriterInitContext;
import io.tidemark.core.io.SimpleVersionedSerializer;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SinkWriterOperatorTest {

    /**
     * A transactional sink over an in-memory "database": the writer collects records into transaction
     * {@code t<n>}; prepareCommit hands it over; the committer makes it visible once (a repeated commit
     * is recognised). The writer's state is its next transaction number; a restored writer aborts the
     * transaction a crashed attempt had open.
     */
    static class TxSink implements Sink<String>, SupportsCommitter<String>, SupportsWriterState<String, String> {
        final Map<String, List<String>> open = new LinkedHashMap<>();
        final Map<String, List<String>> committed = new LinkedHashMap<>();
        final List<String> aborted = new ArrayList<>();
        final List<Integer> retriesSeen = new ArrayList<>();
        int retriesToAsk;

        List<String> visible() {
            List<String> all = new ArrayList<>();
            committed.values().forEach(all::addAll);
            return all;
        }

        @Override
        public SinkWriter<String> createWriter(WriterInitContext context) {
            return new Writer(0);
        }

        @Override
        public StatefulSinkWriter<String, String> restoreWriter(WriterInitContext context, Collection<String> recoveredState) {
            int next = Integer.parseInt(recoveredState.iterator().next());
            String lingering = "t" + next;
            if (open.remove(lingering) != null) {
                aborted.add(lingering);
            }
            return new Writer(next);
        }

        @Override
        public Committer<String> createCommitter(CommitterInitContext context) {
            return new Committer<>() {
                @Override
                public void commit(Collection<CommitRequest<String>> requests) {
                    for (CommitRequest<String> r : requests) {
                        retriesSeen.add(r.getNumberOfRetries());
                        if (retriesToAsk > 0) {
                            retriesToAsk--;
                            r.retryLater();
                        } else if (committed.containsKey(r.getCommittable())) {
                            r.signalAlreadyCommitted();
                        } else {
                            committed.put(r.getCommittable(), open.remove(r.getCommittable()));
                        }
                    }
                }

                @Override
                public void close() {}
            };
        }

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return new Strings();
        }

        @Override
        public SimpleVersionedSerializer<String> getWriterStateSerializer() {
            return new Strings();
        }

        final class Writer implements CommittingSinkWriter<String, String>, StatefulSinkWriter<String, String> {
            int next;

            Writer(int next) {
                this.next = next;
                open.put("t" + next, new ArrayList<>());
            }

            @Override
            public void write(String element, Context context) {
                open.get("t" + next).add(element);
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public Collection<String> prepareCommit() {
                String t = "t" + next++;
                open.put("t" + next, new ArrayList<>());
                return List.of(t);
            }

            @Override
            public List<String> snapshotState(long checkpointId) {
                return List.of(String.valueOf(next));
            }

            @Override
            public void close() {}
        }
    }

    static final class Strings implements SimpleVersionedSerializer<String> {
        @Override
        public int getVersion() {
            return 1;
        }

        @Override
        public byte[] serialize(String obj) {
            return obj.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String deserialize(int version, byte[] serialized) {
            return new String(serialized, StandardCharsets.UTF_8);
        }
    }

    private static OneInputOperatorTestHarness<String, Void> harness(Sink<String> sink) {
        return new OneInputOperatorTestHarness<>(new SinkWriterOperator<>(sink));
    }

    @Test
    void committablesPreparedAtACheckpointBecomeVisibleWhenItCompletes() throws Exception {
        TxSink sink = new TxSink();
        OneInputOperatorTestHarness<String, Void> h = harness(sink);
        h.open();
        h.processElement("a");
        h.processElement("b");
        h.snapshot(1);
        h.processElement("c");
        assertThat(sink.visible()).isEmpty();
        h.notifyCheckpointComplete(1);
        assertThat(sink.visible()).containsExactly("a", "b");
        h.endInput();
        assertThat(sink.visible()).containsExactly("a", "b", "c");
        assertThat(sink.committed).containsOnlyKeys("t0", "t1");
    }

    @Test
    void aRestoreCommitsWhatTheCompletedCheckpointPreparedAndAbortsTheRest() throws Exception {
        TxSink sink = new TxSink();
        OneInputOperatorTestHarness<String, Void> h = harness(sink);
        h.open();
        h.processElement("a");
        StateSnapshot s1 = h.snapshot(1);
        h.processElement("b");
        StateSnapshot s2 = h.snapshot(2);
        h.processElement("c"); // in transaction t2, never prepared: the crash loses it
        // crash: checkpoint 2 was written, but neither completion reached the sink

        OneInputOperatorTestHarness<String, Void> r = harness(sink);
        r.setup().initializeState(s2, 2).open();
        assertThat(sink.visible()).containsExactly("a", "b");
        assertThat(sink.aborted).containsExactly("t2");
        r.processElement("c");
        r.endInput();
        assertThat(sink.visible()).containsExactly("a", "b", "c");

        // restoring the older checkpoint again (a second crash) commits nothing twice
        OneInputOperatorTestHarness<String, Void> again = harness(sink);
        again.setup().initializeState(s1, 1).open();
        assertThat(sink.visible()).containsExactly("a", "b", "c");
    }

    @Test
    void aCommittableHandedBackIsCommittedAtTheNextCompletion() throws Exception {
        TxSink sink = new TxSink();
        sink.retriesToAsk = 1;
        OneInputOperatorTestHarness<String, Void> h = harness(sink);
        h.open();
        h.processElement("a");
        h.snapshot(1);
        h.notifyCheckpointComplete(1);
        assertThat(sink.visible()).isEmpty();
        h.processElement("b");
        StateSnapshot s2 = h.snapshot(2); // holds t0 (handed back) and t1
        h.notifyCheckpointComplete(2);
        assertThat(sink.visible()).containsExactly("a", "b");
        assertThat(sink.retriesSeen).containsExactly(0, 1, 0);

        TxSink other = new TxSink();
        other.open.put("t0", new ArrayList<>(List.of("a")));
        other.open.put("t1", new ArrayList<>(List.of("b")));
        harness(other).setup().initializeState(s2, 2).open();
        assertThat(other.visible()).containsExactly("a", "b");
    }

    @Test
    void aCommitterThatFailsFailsTheSinkNamingTheCommittable() throws Exception {
        TxSink sink = new TxSink() {
            @Override
            public Committer<String> createCommitter(CommitterInitContext context) {
                return new Committer<>() {
                    @Override
                    public void commit(Collection<CommitRequest<String>> requests) {
                        requests.forEach(r -> r.signalFailedWithKnownReason(new IllegalStateException("fenced")));
                    }

                    @Override
                    public void close() {}
                };
            }
        };
        OneInputOperatorTestHarness<String, Void> h = harness(sink);
        h.open();
        h.processElement("a");
        h.snapshot(1);
        assertThatThrownBy(() -> h.notifyCheckpointComplete(1)).hasMessageContaining("t0").hasMessageContaining("fenced");
    }

    @Test
    void aSinkThatCommitsNeedsACommittingWriter() {
        Sink<String> bad = new CommittingWithPlainWriter();
        assertThatThrownBy(() -> harness(bad).open()).hasMessageContaining("CommittingSinkWriter");
    }

    @Test
    void aSinkWithoutCommitterWritesAndFlushesAtCheckpoints() throws Exception {
        List<String> flushes = new ArrayList<>();
        Sink<String> plain = context -> new SinkWriter<>() {
            @Override
            public void write(String element, Context c) {
                flushes.add(element);
            }

            @Override
            public void flush(boolean endOfInput) {
                flushes.add(endOfInput ? "flush(end)" : "flush");
            }

            @Override
            public void close() {}
        };
        OneInputOperatorTestHarness<String, Void> h = harness(plain);
        h.open();
        h.processElement("a");
        h.snapshot(1);
        h.processElement("b");
        h.endInput();
        assertThat(flushes).containsExactly("a", "flush", "b", "flush(end)");
    }

    static final class CommittingWithPlainWriter implements Sink<String>, SupportsCommitter<String> {
        @Override
        public SinkWriter<String> createWriter(WriterInitContext context) {
            return new SinkWriter<>() {
                @Override
                public void write(String element, Context c) {}

                @Override
                public void flush(boolean endOfInput) {}

                @Override
                public void close() {}
            };
        }

        @Override
        public Committer<String> createCommitter(CommitterInitContext context) {
            return new Committer<>() {
                @Override
                public void commit(Collection<CommitRequest<String>> committables) {}

                @Override
                public void close() {}
            };
        }

        @Override
        public SimpleVersionedSerializer<String> getCommittableSerializer() {
            return new Strings();
        }
    }

}
