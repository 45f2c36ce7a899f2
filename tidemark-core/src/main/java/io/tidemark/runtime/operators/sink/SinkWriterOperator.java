package io.tidemark.runtime.operators.sink;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.api.connector.sink2.CommitterInitContext;
import io.tidemark.api.connector.sink2.Committer;
import io.tidemark.api.connector.sink2.CommittingSinkWriter;
import io.tidemark.api.connector.sink2.Sink;
import io.tidemark.api.connector.sink2.SinkWriter;
import io.tidemark.api.connector.sink2.SupportsCommitter;
import io.tidemark.api.connector.sink2.SupportsWriterState;
import io.tidemark.api.connector.sink2.WriterInitContext;
import io.tidemark.core.io.SimpleVersionedSerializer;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.streamrecord.StreamRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Runs a {@link Sink} (Flink's Sink V2) in one subtask: its writer, and — when the sink {@link
 * SupportsCommitter} — its committer, in the same operator (the embedded engine needs no separate
 * committer stage).
 *
 * <p>Protocol (docs/checkpoints.md, "Exactly-once sinks"): at a checkpoint barrier the writer is
 * flushed and {@code prepareCommit} closes what it wrote into committables, which go into the
 * checkpoint with the writer's state; when the checkpoint completes they are committed. Restoring
 * commits the committables the restored (completed) checkpoint holds, then makes the writer (by
 * {@code restoreWriter} with the writer states, where it aborts what an earlier attempt left open).
 * At the end of the input the writer is flushed and its last committables are prepared; they are
 * committed with the job's final commit ({@link #commitsAtEndOfInput}, {@link #notifyFinalCheckpointComplete}).
 */
public final class SinkWriterOperator<IN, CommT, StateT> extends AbstractStreamOperator<IN, Void> {

    private static final String SECTION = "sink";

    private final Sink<IN> sink;
    private final SinkContext sinkContext = new SinkContext();
    private SinkWriter<IN> writer;
    private Committer<CommT> committer;
    private PendingCommittables<CommT> pending;
    /** The writer states restored, or null for a fresh start. */
    private List<StateT> restoredStates;
    private OptionalLong restoredCheckpoint = OptionalLong.empty();
    private boolean commitAtEndOfInput = true;
    private boolean inputEnded;

    public SinkWriterOperator(Sink<IN> sink) {
        this.sink = sink;
    }

    /**
     * Whether the last committables are committed as soon as the input ends (the default, and what a
     * job without checkpoints does), or kept for {@link #notifyCheckpointComplete} of the job's final
     * checkpoint ({@code false}; a job with checkpoints).
     */
    public void commitsAtEndOfInput(boolean atEnd) {
        this.commitAtEndOfInput = atEnd;
    }

    @SuppressWarnings("unchecked")
    private SupportsCommitter<CommT> committing() {
        return sink instanceof SupportsCommitter ? (SupportsCommitter<CommT>) sink : null;
    }

    @SuppressWarnings("unchecked")
    private SupportsWriterState<IN, StateT> stateful() {
        return sink instanceof SupportsWriterState ? (SupportsWriterState<IN, StateT>) sink : null;
    }

    @Override
    protected void restoreOperatorState(StateSnapshot snapshot, RestoredState restored) throws Exception {
        restoredCheckpoint = OptionalLong.of(restored.checkpointId());
        restoredStates = new ArrayList<>();
        SupportsCommitter<CommT> c = committing();
        if (c != null) {
            pending = new PendingCommittables<>(c.getCommittableSerializer());
        }
        // the old subtask j's committables and writer states go to the new subtask j mod parallelism
        List<StateSnapshot> all = restored.all().isEmpty() ? List.of(snapshot) : restored.all();
        for (int j = 0; j < all.size(); j++) {
            if (all.size() > 1 && j % context.getParallelism() != context.getSubtaskIndex()) {
                continue;
            }
            all.get(j).read(SECTION, 1, in -> {
                if (in.readBoolean()) {
                    if (pending == null) {
                        throw new IllegalStateException("the checkpoint holds committables, but sink " + sink.getClass().getName()
                                + " does not commit (it no longer implements SupportsCommitter)");
                    }
                    pending.read(in);
                }
                if (in.readBoolean()) {
                    int version = in.readInt();
                    int n = in.readInt();
                    SupportsWriterState<IN, StateT> s = stateful();
                    for (int i = 0; i < n; i++) {
                        byte[] b = PendingCommittables.readBytes(in);
                        if (s != null) {
                            restoredStates.add(s.getWriterStateSerializer().deserialize(version, b));
                        }
                    }
                }
            });
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        SupportsCommitter<CommT> c = committing();
        if (c != null) {
            committer = c.createCommitter(new Init());
            if (pending == null) {
                pending = new PendingCommittables<>(c.getCommittableSerializer());
            }
            // the restored checkpoint completed: everything it kept is committed now
            pending.commitUpTo(Long.MAX_VALUE, committer);
        }
        SupportsWriterState<IN, StateT> s = stateful();
        writer = s != null && restoredStates != null ? s.restoreWriter(new Init(), restoredStates) : sink.createWriter(new Init());
        restoredStates = null;
        if (c != null && !(writer instanceof CommittingSinkWriter)) {
            throw new IllegalStateException("sink " + sink.getClass().getName() + " supports a committer, but its writer "
                    + writer.getClass().getName() + " is not a CommittingSinkWriter");
        }
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        sinkContext.record = record;
        writer.write(record.getValue(), sinkContext);
    }

    @Override
    protected void onWatermark(long watermark) throws Exception {
        writer.writeWatermark(new Watermark(watermark));
    }

    @Override
    protected void snapshotOperatorState(StateSnapshot.Builder out, long checkpointId) throws Exception {
        if (!inputEnded) { // after the end, the last committables are prepared already
            writer.flush(false);
            prepare(checkpointId);
        }
        out.section(SECTION, 1, o -> {
            o.writeBoolean(pending != null);
            if (pending != null) {
                pending.write(o);
            }
            SupportsWriterState<IN, StateT> s = stateful();
            o.writeBoolean(s != null);
            if (s != null) {
                SimpleVersionedSerializer<StateT> ser = s.getWriterStateSerializer();
                @SuppressWarnings("unchecked")
                List<StateT> states = ((SupportsWriterState.StatefulSinkWriter<IN, StateT>) writer).snapshotState(checkpointId);
                o.writeInt(ser.getVersion());
                o.writeInt(states.size());
                for (StateT st : states) {
                    byte[] b = ser.serialize(st);
                    o.writeInt(b.length);
                    o.write(b);
                }
            }
        });
    }

    @SuppressWarnings("unchecked")
    private void prepare(long checkpointId) throws Exception {
        if (committer != null) {
            pending.add(checkpointId, ((CommittingSinkWriter<IN, CommT>) writer).prepareCommit());
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        if (committer != null) {
            pending.commitUpTo(checkpointId, committer);
        }
        if (writer instanceof CheckpointListener l) {
            l.notifyCheckpointComplete(checkpointId);
        }
        super.notifyCheckpointComplete(checkpointId);
    }

    /**
     * The job's final checkpoint completed (every task had finished its input, and the checkpoint holds
     * this sink's last committables): everything is committed. A checkpoint that completes after the
     * input ended but was taken before does not hold the last committables, so it does not commit them.
     */
    public void notifyFinalCheckpointComplete(long checkpointId) throws Exception {
        if (committer != null) {
            pending.commitUpTo(Long.MAX_VALUE, committer);
        }
        notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
        // an aborted checkpoint's committables stay: the next completed checkpoint commits them
        if (writer instanceof CheckpointListener l) {
            l.notifyCheckpointAborted(checkpointId);
        }
        super.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void endInput() throws Exception {
        writer.flush(true);
        prepare(PendingCommittables.END_OF_INPUT);
        inputEnded = true;
        if (committer != null && commitAtEndOfInput) {
            pending.commitUpTo(PendingCommittables.END_OF_INPUT, committer);
        }
        super.endInput();
    }

    @Override
    public void close() throws Exception {
        Exception first = null;
        for (AutoCloseable c : new AutoCloseable[] {writer, committer}) {
            if (c != null) {
                try {
                    c.close();
                } catch (Exception e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
        }
        super.close();
        if (first != null) {
            throw first;
        }
    }

    private final class Init implements WriterInitContext, CommitterInitContext {
        @Override
        public int getSubtaskId() {
            return context.getSubtaskIndex();
        }

        @Override
        public int getNumberOfParallelSubtasks() {
            return context.getParallelism();
        }

        @Override
        public OptionalLong getRestoredCheckpointId() {
            return restoredCheckpoint;
        }

        @Override
        public long currentProcessingTime() {
            return context.getClock().currentTimeMillis();
        }
    }

    private final class SinkContext implements SinkWriter.Context {
        StreamRecord<IN> record;

        @Override
        public long currentWatermark() {
            return currentWatermark;
        }

        @Override
        public Long timestamp() {
            return record != null && record.hasTimestamp() ? record.getTimestamp() : null;
        }
    }
}
