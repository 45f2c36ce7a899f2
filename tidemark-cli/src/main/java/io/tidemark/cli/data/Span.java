package io.tidemark.cli.data;

import java.io.Serializable;

/** A window's bounds in epoch milliseconds, {@code [start, end)}. */
public record Span(long start, long end) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Whether {@code other} lies within this span. */
    public boolean covers(Span other) {
        return start <= other.start && other.end <= end;
    }
}
