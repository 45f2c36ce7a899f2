package io.tidemark.examples.watermark;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The repository's {@code DateUtil.format(millis, pattern)} used by seeds/004's log line (UTC here). */
public final class DateUtil {

    public static final String YYYY_MM_DD_HH_MM_SS = "yyyy-MM-dd HH:mm:ss";

    private DateUtil() {}

    public static String format(long millis, String pattern) {
        return DateTimeFormatter.ofPattern(pattern).withZone(ZoneOffset.UTC).format(Instant.ofEpochMilli(millis));
    }
}
