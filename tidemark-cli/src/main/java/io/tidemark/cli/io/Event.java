package io.tidemark.cli.io;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/**
 * One accepted input record inside the pipeline: the original line exactly as it was read, where it
 * came from (source and line number), its split, and the values the job needs, already checked by the
 * source: the event time in epoch milliseconds, the key (each key field as a JSON literal) and the
 * numeric value of each aggregated field; in replay mode also its arrival time. Immutable.
 */
public final class Event implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String originalLine;
    private final String source;
    private final long lineNumber;
    private final String split;
    private final long timestamp;
    private final List<String> key;
    private final BigDecimal[] values;
    private final Long arrival;

    public Event(String originalLine, String source, long lineNumber, String split, long timestamp, List<String> key,
            BigDecimal[] values, Long arrival) {
        this.originalLine = originalLine;
        this.source = source;
        this.lineNumber = lineNumber;
        this.split = split;
        this.timestamp = timestamp;
        this.key = List.copyOf(key);
        this.values = values.clone();
        this.arrival = arrival;
    }

    /** The arrival time (epoch ms) of replay mode ({@code source.arrival-time-field}), else null. */
    public Long arrival() {
        return arrival;
    }

    /** The line exactly as read, without its line terminator. */
    public String originalLine() {
        return originalLine;
    }

    /** The file (or socket, or generator) the line came from. */
    public String source() {
        return source;
    }

    /** 1-based line number in {@link #source()}. */
    public long lineNumber() {
        return lineNumber;
    }

    public String split() {
        return split;
    }

    /** Event time, epoch milliseconds. */
    public long timestamp() {
        return timestamp;
    }

    /** The key-by fields' values, each as a JSON literal, in key-by order. */
    public List<String> key() {
        return key;
    }

    /** The value of aggregate {@code i}'s field ({@code null} for {@code count}). */
    public BigDecimal value(int i) {
        return values[i];
    }

    @Override
    public String toString() {
        return source + ":" + lineNumber + " " + originalLine;
    }
}
