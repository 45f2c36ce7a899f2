package io.tidemark.cli.job;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.io.Event;
import io.tidemark.streaming.api.functions.sink.RichSinkFunction;

/**
 * The job's sinks: each sends what reaches it to the command over its own {@link Link} (opened in
 * {@code open}, ended in {@code close}), whichever engine runs it and wherever.
 */
final class Sinks {

    private Sinks() {}

    /** A sink with its link; {@code role} says what it sends. */
    private abstract static class Linked<T> extends RichSinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final LinkAddress address;
        private final Frames.Role role;
        transient Link link;

        Linked(LinkAddress address, Frames.Role role) {
            this.address = address;
            this.role = role;
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            link = Link.open(address, role, getRuntimeContext().getIndexOfThisSubtask(), null, null);
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

    /** Late records, each as it was read. */
    static final class Late extends Linked<Event> {
        private static final long serialVersionUID = 1L;

        Late(LinkAddress address) {
            super(address, Frames.Role.LATE);
        }

        @Override
        public void invoke(Event e, Context context) throws Exception {
            link.late(new LateRecord(e.originalLine(), e.source(), e.lineNumber()));
        }
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
            link.dead(new DeadLetter(DeadLetter.NO_WINDOW, "event time " + e.timestamp() + " falls between windows: a window of "
                    + window.size().toMillis() + " ms (window.size) starts every " + window.slide().toMillis()
                    + " ms (window.slide)", e.source(), e.lineNumber(), e.originalLine()));
        }
    }
}
