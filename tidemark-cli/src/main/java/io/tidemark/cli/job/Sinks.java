package io.tidemark.cli.job;

import io.tidemark.cli.io.Event;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.windowing.Firing;

/**
 * The job's sinks. Each holds only its run's {@link RunHandle} and finds the run's outputs and
 * counters on first use (in the task thread that runs it, on whichever engine), never in its
 * constructor: the engines may serialize it and run copies of it.
 */
final class Sinks {

    private Sinks() {}

    /** Writes result records and counts them by timing. */
    static final class Results implements SinkFunction<WindowResult> {
        private static final long serialVersionUID = 1L;
        private final RunHandle handle;
        private transient RunContext run;

        Results(RunHandle handle) {
            this.handle = handle;
        }

        @Override
        public void invoke(WindowResult r, Context context) {
            if (run == null) {
                run = RunContext.get(handle);
            }
            run.stats.result(Firing.Timing.valueOf(r.timing()), r.key(), r.windowStart(), r.windowEnd(), r.count());
            run.results.writeLine(Formats.result(r, run.job.keyBy(), run.job.aggregates(), run.job.results().type()));
        }
    }

    /** Writes each late record's original line and counts it. */
    static final class Late implements SinkFunction<Event> {
        private static final long serialVersionUID = 1L;
        private final RunHandle handle;
        private transient RunContext run;

        Late(RunHandle handle) {
            this.handle = handle;
        }

        @Override
        public void invoke(Event e, Context context) {
            if (run == null) {
                run = RunContext.get(handle);
            }
            run.stats.lateRecords.increment();
            if (run.late != null) {
                run.late.writeLine(e.originalLine());
            }
        }
    }
}
