package io.tidemark.cli.data;

import java.io.Serializable;

/**
 * A line that did not become an event: why, where it came from, and its text as read.
 *
 * @param text the line decoded as UTF-8 (bytes that are not UTF-8 shown as U+FFFD)
 * @param bytes the line's exact bytes in base64 when {@code text} cannot restore them (invalid UTF-8,
 *     a line cut at {@code source.max-line-length}); null otherwise
 * @param kafka the Kafka record it was (topic, partition, offset), or null for a line of another source
 */
public record DeadLetter(String reason, String detail, String source, long line, String text, String bytes,
        KafkaOrigin kafka) implements OutputRecord, Serializable {

    private static final long serialVersionUID = 1L;

    /** Every reason a line can be dead-lettered for, in the order the checks run. */
    public static final String INVALID_ENCODING = "invalid-encoding";
    public static final String LINE_TOO_LONG = "line-too-long";
    public static final String BLANK = "blank";
    public static final String UNPARSABLE = "unparsable";
    public static final String MISSING_FIELD = "missing-field";
    public static final String BAD_ARRIVAL_TIME = "bad-arrival-time";
    public static final String MISSING_EVENT_TIME = "missing-event-time";
    public static final String BAD_EVENT_TIME = "bad-event-time";
    public static final String WRONG_UNIT = "wrong-unit";
    public static final String NOT_A_NUMBER = "not-a-number";
    public static final String NUMBER_OUT_OF_RANGE = "number-out-of-range";
    public static final String UNSTORABLE = "unstorable";
    public static final String TOO_FAR_AHEAD = "too-far-ahead";
    public static final String NO_WINDOW = "no-window";

    public DeadLetter(String reason, String detail, String source, long line, String text) {
        this(reason, detail, source, line, text, null, null);
    }

    public DeadLetter(String reason, String detail, String source, long line, String text, String bytes) {
        this(reason, detail, source, line, text, bytes, null);
    }

    /** This letter as the Kafka record at {@code origin}: named by its topic and partition, its line the offset. */
    public DeadLetter from(KafkaOrigin origin) {
        return new DeadLetter(reason, detail, origin.source(), origin.offset(), text, bytes, origin);
    }
}
