package io.tidemark.cli.reconcile;

import java.util.List;

/**
 * A record of the late output, read back: its key (text), event time, arrival time (null when not
 * known), where it came from ({@code FILE:LINE}, or null) and its original text.
 */
public record LateRow(List<String> key, long eventTime, Long arrival, String origin, String text) {

    /** {@code orders.jsonl:1234 event time 2024-01-01T00:04:59.120Z, arrived 2024-01-01T00:09:31Z}. */
    public String describe() {
        String at = "event time " + WindowKey.time(eventTime) + (arrival == null ? "" : ", arrived " + WindowKey.time(arrival));
        return origin != null ? origin + " (" + at + ")" : at + ": " + (text.length() > 120 ? text.substring(0, 117) + "..." : text);
    }
}
