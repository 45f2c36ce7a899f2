package io.tidemark.cli.io;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.TimeUnitKind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fast path of {@link LineInterpreter}: a plain line ({@link FieldScanner}) whose needed fields are
 * all present and readable without doubt becomes its {@link LineInterpreter.Candidate} here, from its
 * bytes; every other line (any check that could fail, any value the general path reads in a way this
 * class does not repeat) is left to the general path, which then decides it with its exact messages.
 *
 * <p>Equivalence, case by case (checked against the general path on fuzzed lines by
 * {@code PlainLinesProperties}): an ASCII line decodes to its bytes as Latin-1; a JSON integer of at
 * most 18 digits is the general path's {@code Long}, a JSON fraction its Jackson {@code BigDecimal}
 * (trailing zeros stripped), a CSV number text {@code new BigDecimal(text)}; an integer event time with
 * a unit other than ISO-8601 passes the unit check and the range as the general path's decimal
 * arithmetic does ({@code floor} division for µs and ns); a plain line holds no U+0000, so no output's
 * {@link TextLimits} refuses it. Keys come from a {@link KeyDictionary} by
 * their bytes, splits from another; values are unscaled units and a scale (no decimal object), so a line
 * allocates its text, its {@link Event}, and two small arrays.
 */
final class PlainLines {

    private static final long MAX_TIME = Long.MAX_VALUE / 4;

    private final FieldScanner scanner;
    private final boolean json;
    private final int partition;
    private final int arrival;
    private final int time;
    private final int[] keyFields;
    /** Per aggregate, its field's index among the needed ones, or -1 ({@code count}). */
    private final int[] valueFields;
    private final TimeUnitKind unit;
    private final boolean unitCheck;
    private final String defaultSplit;
    private final KeyDictionary<List<String>> keys = new KeyDictionary<>();
    private final KeyDictionary<String> splits = new KeyDictionary<>();
    private byte[] scratch = new byte[64];

    PlainLines(LineParser parser, boolean json, String partitionField, String arrivalField, String timeField,
            TimeUnitKind unit, boolean unitCheck, List<String> keyBy, List<AggregateSpec> aggregates, String defaultSplit) {
        List<String> needed = new ArrayList<>();
        this.partition = partitionField == null ? -1 : indexOf(needed, partitionField);
        this.arrival = arrivalField == null ? -1 : indexOf(needed, arrivalField);
        this.time = indexOf(needed, timeField);
        this.keyFields = keyBy.stream().mapToInt(k -> indexOf(needed, k)).toArray();
        this.valueFields = aggregates.stream().mapToInt(a -> a.field() == null ? -1 : indexOf(needed, a.field())).toArray();
        this.scanner = json ? FieldScanner.jsonl(needed) : FieldScanner.csv(needed, parser);
        this.json = json;
        this.unit = unit;
        this.unitCheck = unitCheck;
        this.defaultSplit = defaultSplit;
    }

    private static int indexOf(List<String> needed, String name) {
        int i = needed.indexOf(name);
        if (i < 0) {
            needed.add(name);
            i = needed.size() - 1;
        }
        return i;
    }

    /** The candidate {@code b[0, n)} (not cut, not empty, not a header) is, or null for the general path. */
    LineInterpreter.Candidate interpret(byte[] b, int n, String source, long lineNumber) {
        if (b[0] <= ' ' || !scanner.scan(b, n)) {
            return null; // a first byte that is no visible ASCII: the blank check and the general parser decide
        }
        FieldScanner s = scanner;
        String split = defaultSplit;
        if (partition >= 0) {
            if (s.kind[partition] != FieldScanner.Kind.TEXT) {
                return null;
            }
            split = split(b, s.start[partition], s.end[partition]);
        }
        Long arrivalTime = null;
        if (arrival >= 0) {
            if (!integer(b, arrival)) {
                return null;
            }
            long a = FieldScanner.parseLong(b, s.start[arrival], s.end[arrival]);
            if (Math.abs(a) > MAX_TIME) {
                return null;
            }
            arrivalTime = a;
        }
        for (int k : keyFields) {
            FieldScanner.Kind kind = s.kind[k];
            if (kind == FieldScanner.Kind.ABSENT || kind == FieldScanner.Kind.OTHER) {
                return null;
            }
        }
        long[] units = new long[valueFields.length];
        int[] scales = new int[valueFields.length];
        for (int i = 0; i < valueFields.length; i++) {
            int f = valueFields[i];
            if (f < 0) {
                scales[i] = Event.NO_VALUE;
            } else if (!number(b, f, i, units, scales)) {
                return null;
            }
        }
        if (!integer(b, time)) {
            return null;
        }
        long ts = eventTime(FieldScanner.parseLong(b, s.start[time], s.end[time]));
        if (ts == Long.MIN_VALUE) {
            return null;
        }
        List<String> key = key(b);
        String line = new String(b, 0, n, StandardCharsets.ISO_8859_1);
        return new LineInterpreter.Candidate(new Event(line, source, lineNumber, split, ts, key, units, scales, arrivalTime), split, arrivalTime);
    }

    /** Whether needed field {@code f} is an integer of at most 18 digits (a JSON integer, or a CSV text of one). */
    private boolean integer(byte[] b, int f) {
        FieldScanner.Kind k = scanner.kind[f];
        return k == FieldScanner.Kind.INTEGER
                || !json && k == FieldScanner.Kind.TEXT && FieldScanner.numberText(b, scanner.start[f], scanner.end[f]) == FieldScanner.Kind.INTEGER;
    }

    /**
     * Needed field {@code f} as the general path's exact decimal, into {@code units[i]} and {@code scales[i]}
     * (the decimal {@code units × 10^-scale}); false when that path must judge it.
     */
    private boolean number(byte[] b, int f, int i, long[] units, int[] scales) {
        FieldScanner s = scanner;
        int from = s.start[f];
        int to = s.end[f];
        switch (s.kind[f]) {
            case INTEGER:
                units[i] = FieldScanner.parseLong(b, from, to);
                scales[i] = 0;
                return true;
            case DECIMAL:
                FieldScanner.decimal(b, from, to, true, units, scales, i);
                return true;
            case TEXT:
                if (json || FieldScanner.numberText(b, from, to) == FieldScanner.Kind.OTHER) {
                    return false;
                }
                FieldScanner.decimal(b, from, to, false, units, scales, i);
                return true;
            default:
                return false;
        }
    }

    /**
     * Epoch ms of the integer event time {@code t} in the job's unit, or {@code Long.MIN_VALUE} when the
     * general path must judge it (ISO-8601 declared, the unit check objects, out of range).
     */
    private long eventTime(long t) {
        if (unit == TimeUnitKind.ISO8601) {
            return Long.MIN_VALUE;
        }
        if (unitCheck) {
            TimeUnitKind guess = TimeUnitKind.guessFromMagnitude((double) t);
            if (guess != null && guess != unit) {
                return Long.MIN_VALUE;
            }
        }
        long ms;
        switch (unit) {
            case MS -> ms = t;
            case S -> {
                if (Math.abs(t) > MAX_TIME / 1000) {
                    return Long.MIN_VALUE;
                }
                ms = t * 1000;
            }
            case US -> ms = Math.floorDiv(t, 1000L);
            default -> ms = Math.floorDiv(t, 1_000_000L);
        }
        return Math.abs(ms) > MAX_TIME ? Long.MIN_VALUE : ms;
    }

    private String split(byte[] b, int from, int to) {
        int n = to - from;
        byte[] k = scratch(n);
        System.arraycopy(b, from, k, 0, n);
        int h = KeyDictionary.hash(k, n);
        String s = splits.find(k, n, h);
        if (s == null) {
            s = new String(b, from, n, StandardCharsets.ISO_8859_1);
            splits.put(k, n, h, s);
        }
        return s;
    }

    /** The key list of the line's key fields: from the dictionary by their kinds and bytes, or made and remembered. */
    private List<String> key(byte[] b) {
        FieldScanner s = scanner;
        int n = 0;
        for (int f : keyFields) {
            int len = s.end[f] - s.start[f];
            byte[] k = scratch(n + len + 5);
            k[n++] = (byte) s.kind[f].ordinal();
            k[n++] = (byte) (len >>> 24);
            k[n++] = (byte) (len >>> 16);
            k[n++] = (byte) (len >>> 8);
            k[n++] = (byte) len;
            System.arraycopy(b, s.start[f], k, n, len);
            n += len;
        }
        byte[] k = scratch;
        int h = KeyDictionary.hash(k, n);
        List<String> key = keys.find(k, n, h);
        if (key == null) {
            String[] literals = new String[keyFields.length];
            for (int i = 0; i < keyFields.length; i++) {
                literals[i] = LineInterpreter.literal(s.value(b, keyFields[i]));
            }
            key = List.of(literals);
            keys.put(k, n, h, key);
        }
        return key;
    }

    private byte[] scratch(int n) {
        if (scratch.length < n) {
            scratch = Arrays.copyOf(scratch, Math.max(n, scratch.length * 2));
        }
        return scratch;
    }
}
