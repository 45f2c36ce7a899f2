package io.tidemark.cli.job;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.io.Event;
import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import io.tidemark.streaming.api.functions.sink.RichSinkFunction;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * The job's sinks: each sends what reaches it to the command over its own {@link Link} (opened in
 * {@code open}, ended in {@code close}), whichever engine runs it and wherever.
 */
final class Sinks {

    private Sinks() {}

    /**
     * A sink with its link; {@code role} says what it sends. With checkpoints, its barrier and commits
     * travel down the link ({@link LinkCommits}).
     */
    private abstract static class Linked<T> extends RichSinkFunction<T> implements CheckpointedFunction, CheckpointListener {
        private static final long serialVersionUID = 1L;
        private final LinkAddress address;
        private final Frames.Role role;
        transient Link link;
        private transient LinkCommits commits;

        Linked(LinkAddress address, Frames.Role role) {
            this.address = address;
            this.role = role;
        }

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            commits = new LinkCommits();
            commits.initialize(context);
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            commits.snapshot(link, context.getCheckpointId());
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) throws Exception {
            commits.complete(link, checkpointId);
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            link = Link.open(address, role, getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(), commits == null ? null : commits.restored(),
                    null, null);
        }

        @Override
        public void close() throws Exception {
            if (link != null) {
                link.close();
            }
        }
    }

    /** Window results. */
    static final class Results extends Linked<WindowResult> {
        private static final long serialVersionUID = 1L;

        Results(LinkAddress address) {
            super(address, Frames.Role.RESULTS);
        }

        @Override
        public void invoke(WindowResult r, Context context) throws Exception {
            link.result(r);
        }
    }

    /**
     * Late records, each as it was read, with its key, event time, arrival time (its arrival-time field
     * in replay mode, else processing time here), the watermark here, and the windows it missed.
     */
    static final class Late extends Linked<Event> {
        private static final long serialVersionUID = 1L;
        private final WindowAssigner<Object, TimeWindow> assigner;

        Late(LinkAddress address, JobConfig.Window window) {
            super(address, Frames.Role.LATE);
            this.assigner = JobRunner.assigner(window);
        }

        @Override
        public void invoke(Event e, Context context) throws Exception {
            link.late(late(assigner, e, context.currentProcessingTime(), context.currentWatermark()));
        }
    }

    /**
     * Late event {@code e} as a late record: arrival time its arrival-time field in replay mode, else
     * {@code now} (processing time); {@code watermark} where it was found late; the windows it missed.
     */
    static LateRecord late(WindowAssigner<Object, TimeWindow> assigner, Event e, long now, long watermark) {
        List<Span> missed = new ArrayList<>();
        for (TimeWindow w : assigner.assignWindows(e, e.timestamp(), new WindowAssigner.WindowAssignerContext() {
            @Override
            public long getCurrentProcessingTime() {
                return now;
            }
        })) {
            missed.add(new Span(w.getStart(), w.getEnd()));
        }
        return new LateRecord(e.originalLine(), e.source(), e.lineNumber(), e.key(), e.timestamp(),
                e.arrival() != null ? e.arrival() : now, watermark, missed);
    }

    /** Records whose event time falls into no window (sliding windows with gaps): dead letters. */
    static final class NoWindow extends Linked<Event> {
        private static final long serialVersionUID = 1L;
        private final JobConfig.Window window;

        NoWindow(LinkAddress address, JobConfig.Window window) {
            super(address, Frames.Role.NO_WINDOW);
            this.window = window;
        }

        @Override
        public void invoke(Event e, Context context) throws Exception {
            link.dead(noWindow(window, e));
        }
    }

    /** Event {@code e}, whose event time falls between the sliding windows of {@code window}, as a dead letter. */
    static DeadLetter noWindow(JobConfig.Window window, Event e) {
        return new DeadLetter(DeadLetter.NO_WINDOW, "event time " + e.timestamp() + " falls between windows: a window of "
                + window.size().toMillis() + " ms (window.size) starts every " + window.slide().toMillis()
                + " ms (window.slide)", e.source(), e.lineNumber(), e.originalLine());
    }
}
