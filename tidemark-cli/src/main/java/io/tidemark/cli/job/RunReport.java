package io.tidemark.cli.job;

import java.util.Map;

/**
 * What a run did: the numbers of the summary.
 *
 * @param stoppedBy the signal that stopped the run (SIGINT, SIGTERM), or null
 * @param inputEnded why the input ended early (a read timeout, a stop), or null
 * @param watermarks the window operator's watermark figures, where the engine reports them and they mean something
 * @param checkpoints how the run's counts relate to its checkpoints (it resumed from one, or stopped at one), or null
 * @param stoppedAt the checkpoint the run stopped at, as of which the counts are (records may then be in
 *     open windows or held, in the checkpoint), or -1
 * @param recordsBefore the records read before this run (as of the checkpoint it resumed from): events/s is this run's
 * @param outputNotes what outputs say beyond their records (retried database errors), by output key
 * @param warning what looks wrong in the run's settings given what it saw (an implausible watermark bound), or null
 */
public record RunReport(String jobName, Engine engine, boolean sliding, Counts counts, Watermarks watermarks,
        long wallMillis, String stoppedBy, String inputEnded, double deadLetterLimit, String checkpoints, long stoppedAt,
        long recordsBefore, Map<String, String> outputNotes, String warning) {

    public RunReport(String jobName, Engine engine, boolean sliding, Counts counts, Watermarks watermarks,
            long wallMillis, String stoppedBy, String inputEnded, double deadLetterLimit) {
        this(jobName, engine, sliding, counts, watermarks, wallMillis, stoppedBy, inputEnded, deadLetterLimit, null, -1, 0, Map.of(),
                null);
    }

    /**
     * The run's counts.
     *
     * @param lines every line read: records, empty lines and CSV headers
     * @param inWindows records in window results: the sum of {@code count} over each row a store keeps
     *     (for sliding windows, the records that reached a window)
     * @param held records the source's time guard holds, waiting for confirmation (0 once the input ended)
     * @param drained results of windows still open at a stop, written with timing DRAINED ({@code run --drain})
     * @param openWindows windows still open at a stop, not written (a stop without {@code --drain})
     * @param inOpenWindows the records in those windows (each once for tumbling and session windows)
     */
    public record Counts(long lines, long empty, long headers, long accepted, long inWindows, long late,
            Map<String, Long> deadLetters, long onTime, long lateFirings, long early, long windows, long held,
            long drained, long openWindows, long inOpenWindows) {

        public long deadLetterTotal() {
            return deadLetters.values().stream().mapToLong(Long::longValue).sum();
        }

        /** Lines that are records (not empty, not a header). */
        public long records() {
            return lines - empty - headers;
        }

        public long results() {
            return onTime + lateFirings + early + drained;
        }

        /** Whether every line read is in a window result, late, a dead letter or skipped. */
        public boolean accounted() {
            return unaccounted() == 0;
        }

        /**
         * Lines read that are in no window result, not late, no dead letter and not skipped: 0 at the end of
         * a run; after a stop without {@code --drain}, the records in the open windows it did not write; as
         * of a checkpoint, the records it holds (the time guard's, and those in open windows).
         */
        public long unaccounted() {
            return lines - (inWindows + late + deadLetterTotal() + empty + headers);
        }
    }

    /**
     * The final watermark and the maximum watermark lag, or why they are not shown.
     *
     * @param finalWatermark the last watermark before the end of input, Long.MIN_VALUE if none; null: not shown
     * @param maxLag the largest processing time − watermark, -1 if none; null: not shown
     */
    public record Watermarks(Long finalWatermark, Long maxLag, String finalNotShown, String lagNotShown) {}

    /** The share of records that are dead letters. */
    public double deadLetterShare() {
        return counts.records() == 0 ? 0 : (double) counts.deadLetterTotal() / counts.records();
    }

    public boolean overDeadLetterLimit() {
        return deadLetterShare() > deadLetterLimit;
    }
}
