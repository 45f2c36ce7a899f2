package io.tidemark.streaming.api.functions.sink.filesystem.bucketassigners;

import io.tidemark.streaming.api.functions.sink.filesystem.BucketAssigner;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * Buckets by the processing time a record is written, formatted {@code yyyy-MM-dd--HH} in the system's
 * time zone by default: Flink's default bucket assigner.
 */
public class DateTimeBucketAssigner<IN> implements BucketAssigner<IN, String> {

    private static final long serialVersionUID = 1L;

    private final String formatString;
    private final ZoneId zoneId;
    private transient DateTimeFormatter formatter;

    public DateTimeBucketAssigner() {
        this("yyyy-MM-dd--HH");
    }

    public DateTimeBucketAssigner(String formatString) {
        this(formatString, ZoneId.systemDefault());
    }

    public DateTimeBucketAssigner(ZoneId zoneId) {
        this("yyyy-MM-dd--HH", zoneId);
    }

    public DateTimeBucketAssigner(String formatString, ZoneId zoneId) {
        this.formatString = formatString;
        this.zoneId = zoneId;
    }

    @Override
    public String getBucketId(IN element, Context context) {
        if (formatter == null) {
            formatter = DateTimeFormatter.ofPattern(formatString).withZone(zoneId);
        }
        return formatter.format(Instant.ofEpochMilli(context.currentProcessingTime()));
    }

    @Override
    public String toString() {
        return "DateTimeBucketAssigner{formatString='" + formatString + "', zoneId=" + zoneId + "}";
    }
}
