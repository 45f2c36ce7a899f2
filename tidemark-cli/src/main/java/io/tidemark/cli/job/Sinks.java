package io.tidemark.cli.job;

import io.tidemark.cli.io.Event;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.windowing.Firing;

/** The job's sinks and its watermark probe. Each holds only the run's id (see {@link RunContext}). */
final class Sinks {

    private Sinks() {}

    /** Writes result records and counts them by timing. */
    static final class Results implements SinkFunction<WindowResult> {
        private static final long serialVersionUID = 1L;
        private final String runId;
        private transient RunContext run;

        Results(String runId) {
            this.runId = runId;
        }

        @Override
        public void invoke(WindowResult r, Context context) {
            if (run == null) {
                run = RunContext.get(runId);
            }
            run.stats.result(Firing.Timing.valueOf(r.timing()), r.key(), r.windowStart(), r.windowEnd(), r.count());
            run.results.writeLine(Formats.result(r, run.job.keyBy(), run.job.aggregates(), run.job.results().type()));
        }
    }

    /** Writes each late record's original line and counts it. */
    static final class Late implements SinkFunction<Event> {
        private static final long serialVersionUID = 1L;
        private final String runId;
        private transient RunContext run;

        Late(String runId) {
            this.runId = runId;
        }

        @Override
        public void invoke(Event e, Context context) {
            if (run == null) {
                run = RunContext.get(runId);
            }
            run.stats.lateRecords.increment();
            if (run.late != null) {
                run.late.writeLine(e.originalLine());
            }
        }
    }

    /**
     * Passes records through unchanged and watches time: the last watermark below the end-of-input
     * watermark (the run's final watermark) and, at each record, the watermark lag (processing time
     * minus the current watermark; with a replay clock, the arrival time minus the watermark).
     */
    static final class WatermarkProbe extends AbstractStreamOperator<Event, Event> {
        private final String runId;
        private RunContext run;

        WatermarkProbe(String runId) {
            this.runId = runId;
        }

        @Override
        public void open() throws Exception {
            super.open();
            run = RunContext.get(runId);
        }

        @Override
        public void processElement(StreamRecord<Event> record) {
            if (currentWatermark != Long.MIN_VALUE) {
                run.stats.lag(context.getClock().currentTimeMillis() - currentWatermark);
            }
            output.collect(record);
        }

        @Override
        protected void onWatermark(long watermark) {
            if (watermark != Long.MAX_VALUE) {
                run.stats.watermark(context.getSubtaskIndex(), watermark);
            }
        }
    }
}
