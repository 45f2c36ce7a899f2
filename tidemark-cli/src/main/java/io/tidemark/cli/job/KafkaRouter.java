package io.tidemark.cli.job;

import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.io.Event;
import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.io.Serializable;

/**
 * Right after a Kafka source ({@link KafkaLines}): passes events on, sends dead letters to the command,
 * and counts what the source read, as the line source does for files and sockets — over the source's
 * {@link Link}, opened in {@code open} and ended in {@code close}. Runs in the source's task (chained),
 * on any engine; after a sorting source, whose two outputs it reads, in a task of its own.
 *
 * <p>A source sorting its partitions ({@code source.sort}) has a late side output: what a partition's
 * reorder buffer found older than a record it had let go. Every item the source read passes its buffer
 * — dead letters and empty records too, which have no event time ({@link KafkaLines#timestamp}), so that
 * once a record left the buffer they are behind it: late. Those items reach this router as well,
 * marked {@link Late}: a late event goes to {@link #LATE} (the job's late output, as a sorted file's
 * late records do), a dead letter and an empty record are counted as any other. So every item the
 * source read is counted here once, sorted or not.
 */
final class KafkaRouter extends ProcessFunction<Object, Event> implements CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;
    /** The records the partitions' reorder buffers found late, for the job's late output. */
    static final OutputTag<Event> LATE = new OutputTag<>("kafka-source-late") {};

    /** An item the source's reorder buffer found late (its late side output), on its way to the router. */
    record Late(Object item) implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** Marks the items of the source's late side output {@link Late}. */
    static final class MarkLate implements MapFunction<Object, Object> {
        private static final long serialVersionUID = 1L;

        @Override
        public Object map(Object item) {
            return new Late(item);
        }
    }
    private static final long COUNTS_EVERY_NANOS = 200_000_000L;

    private final LinkAddress address;
    private transient Link link;
    private transient long records;
    private transient long empty;
    private transient long accepted;
    private transient long nextCounts;
    private transient volatile String stoppedBecause;
    private transient LinkCommits commits;

    KafkaRouter(LinkAddress address) {
        this.address = address;
    }

    /** With checkpoints: the link's committable and the counters (records, empty, accepted) are in the checkpoint. */
    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        commits = new LinkCommits();
        commits.initialize(context);
        records = commits.counter(0);
        empty = commits.counter(1);
        accepted = commits.counter(2);
    }

    /** The counters go to the command before the barrier, so that its counts at the barrier are the checkpoint's. */
    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        if (link != null) {
            link.counts(counts(null));
        }
        commits.snapshot(link, context.getCheckpointId(), records, empty, accepted);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        commits.complete(link, checkpointId);
    }

    @Override
    public void open(OpenContext openContext) throws Exception {
        link = Link.open(address, Frames.Role.SOURCE, getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(), commits == null ? null : commits.restored(),
                () -> stoppedBecause = "stopped on the command's request", () -> {});
        nextCounts = System.nanoTime() + COUNTS_EVERY_NANOS;
    }

    @Override
    public void processElement(Object element, Context ctx, Collector<Event> out) throws Exception {
        records++;
        Object item = element instanceof Late l ? l.item() : element;
        if (item instanceof Event e) {
            accepted++;
            if (item == element) {
                out.collect(e);
            } else {
                ctx.output(LATE, e);
            }
        } else if (item instanceof DeadLetter d) {
            link.dead(d);
        } else {
            empty++;
        }
        if (System.nanoTime() - nextCounts >= 0) {
            nextCounts = System.nanoTime() + COUNTS_EVERY_NANOS;
            link.counts(counts(null));
        }
    }

    private SourceCounts counts(String endReason) {
        return new SourceCounts(records, empty, 0, accepted, 0, 0, endReason);
    }

    @Override
    public void close() throws Exception {
        if (link != null) {
            link.counts(counts(stoppedBecause));
            link.close();
            link = null;
        }
    }
}
