package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import java.util.Map;

/** What a run did: the numbers of the summary. */
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
        long wallMillis) {

    /** Whether lines read = records in window results + late records + dead letters. */
    public boolean accounted() {
        return linesRead == recordsInWindowResults + lateRecords + lateDropped + deadLetterTotal;
    }

    public double eventsPerSecond() {
        return wallMillis <= 0 ? linesRead * 1000.0 : linesRead * 1000.0 / wallMillis;
    }
}
