package io.tidemark.cli.io;

/** A line that did not become an event: why, where it came from, and its text exactly as read. */
public record DeadLetter(String reason, String detail, String source, long line, String text) {

    /** Every reason a line can be dead-lettered for, in the order the checks run. */
    public static final String UNPARSABLE = "unparsable";
    public static final String MISSING_FIELD = "missing-field";
    public static final String BAD_ARRIVAL_TIME = "bad-arrival-time";
    public static final String MISSING_EVENT_TIME = "missing-event-time";
    public static final String BAD_EVENT_TIME = "bad-event-time";
    public static final String WRONG_UNIT = "wrong-unit";
    public static final String NOT_A_NUMBER = "not-a-number";
    public static final String TOO_FAR_AHEAD = "too-far-ahead";
}
