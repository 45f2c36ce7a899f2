package io.tidemark.cli.io;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.List;

/**
 * One accepted input record inside the pipeline: the original line exactly as it was read, where it
 * came from (source and line number), its split, and the values the job needs, already checked by the
 * source: the event time in epoch milliseconds, the key (each key field as a JSON literal) and the
 * numeric value of each aggregated field; in replay mode also its arrival time. Immutable.
 *
 * <p>A value is held either as a {@link BigDecimal} (the general path) or, from the plain path
 * ({@link PlainLines}), as unscaled units and a scale, the decimal {@code units × 10^-scale}: the
 * aggregate adds those in {@code long} arithmetic ({@link #hasUnits}) and {@link #value} makes the
 * decimal, equal to it in value and scale, only when asked.
 */
public final class Event implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String originalLine;
    private final String source;
    private final long lineNumber;
    private final String split;
    private final long timestamp;
    private final List<String> key;
    /** The values as decimals, or null when they are held as {@link #units} and {@link #scales}. */
    private final BigDecimal[] values;
    private final long[] units;
    /** Per value its scale, or {@link #NO_VALUE} for none ({@code count}). */
    private final int[] scales;
    private final Long arrival;

    /** The scale that marks an absent value in {@link #units}' form. */
    static final int NO_VALUE = Integer.MIN_VALUE;

    public Event(String originalLine, String source, long lineNumber, String split, long timestamp, List<String> key,
            BigDecimal[] values, Long arrival) {
        this.originalLine = originalLine;
        this.source = source;
        this.lineNumber = lineNumber;
        this.split = split;
        this.timestamp = timestamp;
        this.key = List.copyOf(key);
        this.values = values.clone();
        this.units = null;
        this.scales = null;
        this.arrival = arrival;
    }

    /**
     * The plain path's event: {@code key} (immutable, from a dictionary) and the arrays are kept, not
     * copied; value {@code i} is {@code units[i] × 10^-scales[i]}, or none where the scale is {@link #NO_VALUE}.
     */
    Event(String originalLine, String source, long lineNumber, String split, long timestamp, List<String> key, long[] units,
            int[] scales, Long arrival) {
        this.originalLine = originalLine;
        this.source = source;
        this.lineNumber = lineNumber;
        this.split = split;
        this.timestamp = timestamp;
        this.key = key;
        this.values = null;
        this.units = units;
        this.scales = scales;
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
        if (values != null) {
            return values[i];
        }
        return scales[i] == NO_VALUE ? null : BigDecimal.valueOf(units[i], scales[i]);
    }

    /** Whether value {@code i} is held as {@link #units(int)} and {@link #scale(int)} (present, from the plain path). */
    public boolean hasUnits(int i) {
        return values == null && scales[i] != NO_VALUE;
    }

    /** Value {@code i}'s unscaled units, when {@link #hasUnits(int)}. */
    public long units(int i) {
        return units[i];
    }

    /** Value {@code i}'s scale, when {@link #hasUnits(int)}. */
    public int scale(int i) {
        return scales[i];
    }

    @Override
    public String toString() {
        return source + ":" + lineNumber + " " + originalLine;
    }
}
