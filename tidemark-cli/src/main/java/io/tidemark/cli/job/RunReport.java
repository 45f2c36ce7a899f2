package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import java.util.Map;

/**
 * What a run did: the numbers of the summary. A count of {@link #UNKNOWN} was not available (on a
 * remote Flink cluster the job's own counters stay on the TaskManagers); on Flink the final watermark
 * and the watermark lag are not reported ({@link Long#MIN_VALUE} and -1).
 */
public record RunReport(
        String jobName,
        JobConfig.WindowType windowType,
        long linesRead,
        long blankLines,
        long accepted,
        long windowRecordsIn,
        long results,
        long onTime,
        long lateFirings,
        long early,
        long windows,
        long recordsInWindowResults,
        long lateRecords,
        long lateDropped,
        Map<String, Long> deadLetters,
        long deadLetterTotal,
        long finalWatermark,
        long maxWatermarkLag,
        long wallMillis,
        Engine engine) {

    /** A count the command could not learn. */
    public static final long UNKNOWN = -1;

    /** Whether lines read = records in window results + late records + dead letters. */
    public boolean accounted() {
        if (linesRead == UNKNOWN || recordsInWindowResults == UNKNOWN || deadLetterTotal == UNKNOWN) {
            return false;
        }
        return linesRead == recordsInWindowResults + lateRecords + lateDropped + deadLetterTotal;
    }

    public double eventsPerSecond() {
        return wallMillis <= 0 ? linesRead * 1000.0 : linesRead * 1000.0 / wallMillis;
    }
}
