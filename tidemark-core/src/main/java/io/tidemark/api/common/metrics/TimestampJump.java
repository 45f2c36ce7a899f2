package io.tidemark.api.common.metrics;

/**
 * A record that moved its input's largest timestamp far forward at once — what makes a watermark jump
 * (the seeds' "水位线偶发跳变": one record with an abnormally large event time, often a parsing error).
 * A subtask that generates watermarks keeps the few largest such moves of each input.
 *
 * @param input the split (or, for {@code assignTimestampsAndWatermarks}, the operator's subtask) it came from
 * @param timestamp the record's timestamp
 * @param previousMaxTimestamp the largest timestamp on the input before it
 * @param atProcessingTime when it arrived (processing time, ms; the time of the input's last periodic check)
 * @param record the record, as {@code String.valueOf} gave it (at most {@value #MAX_RECORD_CHARS} characters)
 */
public record TimestampJump(String input, long timestamp, long previousMaxTimestamp, long atProcessingTime, String record) {

    /** The longest record text kept. */
    public static final int MAX_RECORD_CHARS = 300;

    /** How far the record moved the largest timestamp, in ms. */
    public long advance() {
        return timestamp - previousMaxTimestamp;
    }
}
