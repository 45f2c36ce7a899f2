package io.tidemark.cli.io;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.TimeUnitKind;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Decides, line by line, whether a line becomes an {@link Event} or a {@link DeadLetter}, and why.
 *
 * <p>The checks run in this order; the first that fails gives the reason:
 * <ol>
 *   <li>{@code unparsable}: not a JSON object, or a CSV row with the wrong number of values;
 *   <li>{@code missing-field}: the partition field is absent or null;
 *   <li>{@code bad-arrival-time} (replay mode): the arrival-time field is absent or not epoch milliseconds;
 *   <li>{@code missing-field}: a key-by field or an aggregated field is absent or null;
 *   <li>{@code missing-event-time}: the event-time field is absent or null;
 *   <li>{@code wrong-unit}: the value's size says another unit than {@code event-time.unit} (see
 *       {@link TimeUnitKind#guessFromMagnitude}), or an ISO-8601 text where a number is declared, or the reverse;
 *       {@code bad-event-time}: not a number (or not an ISO-8601 instant with offset), or out of range;
 *   <li>{@code not-a-number}: an aggregated field is not a number;
 *   <li>{@code too-far-ahead}: the event time is more than {@code event-time.max-future} ahead of the
 *       reference watermark (see {@link #referenceWatermark}).
 * </ol>
 *
 * <p>The interpreter sees every line of the input in order (each parallel source subtask runs its own
 * and reaches the same decisions), so its decisions do not depend on parallelism.
 */
public final class LineInterpreter {

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** What became of one line. Exactly one of {@code event} and {@code deadLetter} is set. */
    public record Outcome(Event event, DeadLetter deadLetter, String split, Long arrival) {}

    private final LineParser parser;
    private final String partitionField;
    private final String arrivalField;
    private final String timeField;
    private final TimeUnitKind unit;
    private final boolean unitCheck;
    private final long maxFutureMillis;
    private final long boundMillis;
    private final List<String> keyBy;
    private final List<AggregateSpec> aggregates;
    private final String defaultSplit;

    /** Largest event time accepted so far (over all splits), or Long.MIN_VALUE. */
    private long maxAccepted = Long.MIN_VALUE;

    public LineInterpreter(JobConfig job, String defaultSplit) {
        this.parser = job.source().format() == JobConfig.Format.CSV ? LineParser.csv() : LineParser.jsonl();
        this.partitionField = job.source().partitionField();
        this.arrivalField = job.source().arrivalTimeField();
        this.timeField = job.eventTime().field();
        this.unit = job.eventTime().unit();
        this.unitCheck = job.eventTime().unitCheck();
        this.maxFutureMillis = job.eventTime().maxFuture().toMillis();
        this.boundMillis = job.watermark().boundMillis();
        this.keyBy = job.keyBy();
        this.aggregates = job.aggregates();
        this.defaultSplit = defaultSplit;
    }

    /** Whether {@code line} is the CSV header (consumed, not a record). Call for each non-blank line first. */
    public boolean isHeader(String line) {
        return parser.consumeHeader(line);
    }

    /**
     * The reference watermark a new event time is compared with: the source's leading watermark
     * estimate, {@code (largest event time accepted so far, over all splits) − bound − 1} (the bound is
     * {@code watermark.max-out-of-orderness}; 0 for monotonous and none); in replay mode at least
     * {@code arrival time − bound − 1}, so that processing time vouches for data after a long gap.
     * Long.MIN_VALUE when there is nothing to compare with yet (no replay, nothing accepted).
     */
    long referenceWatermark(Long arrival) {
        long ref = maxAccepted == Long.MIN_VALUE ? Long.MIN_VALUE : maxAccepted - boundMillis - 1;
        if (arrival != null) {
            ref = Math.max(ref, arrival - boundMillis - 1);
        }
        return ref;
    }

    public Outcome interpret(String line, String source, long lineNumber) {
        Map<String, Object> fields;
        try {
            fields = parser.parse(line);
        } catch (LineParser.ParseException e) {
            return dead(DeadLetter.UNPARSABLE, e.getMessage(), source, lineNumber, line, null, null);
        }
        String split = defaultSplit;
        if (partitionField != null) {
            Object p = fields.get(partitionField);
            if (p == null) {
                return dead(DeadLetter.MISSING_FIELD, "partition field '" + partitionField + "' is missing", source,
                        lineNumber, line, null, null);
            }
            split = p instanceof String ? (String) p : literal(p);
        }
        Long arrival = null;
        if (arrivalField != null) {
            Object a = fields.get(arrivalField);
            BigDecimal ad = number(a);
            if (ad == null) {
                return dead(DeadLetter.BAD_ARRIVAL_TIME, a == null ? "arrival-time field '" + arrivalField + "' is missing"
                        : "arrival-time field '" + arrivalField + "' is not epoch milliseconds: " + a,
                        source, lineNumber, line, split, null);
            }
            try {
                arrival = ad.setScale(0, RoundingMode.FLOOR).longValueExact();
            } catch (ArithmeticException e) {
                return dead(DeadLetter.BAD_ARRIVAL_TIME, "arrival time out of range: " + a, source, lineNumber, line, split, null);
            }
        }
        for (String k : keyBy) {
            if (fields.get(k) == null) {
                return dead(DeadLetter.MISSING_FIELD, "key-by field '" + k + "' is missing", source, lineNumber, line,
                        split, arrival);
            }
        }
        for (AggregateSpec a : aggregates) {
            if (a.field() != null && fields.get(a.field()) == null) {
                return dead(DeadLetter.MISSING_FIELD, "field '" + a.field() + "' (" + a.outputName() + ") is missing",
                        source, lineNumber, line, split, arrival);
            }
        }
        Object t = fields.get(timeField);
        if (t == null) {
            return dead(DeadLetter.MISSING_EVENT_TIME, "event-time field '" + timeField + "' is missing", source,
                    lineNumber, line, split, arrival);
        }
        long ts;
        try {
            ts = eventTime(t);
        } catch (Rejected r) {
            return dead(r.reason, r.getMessage(), source, lineNumber, line, split, arrival);
        }
        BigDecimal[] values = new BigDecimal[aggregates.size()];
        for (int i = 0; i < values.length; i++) {
            AggregateSpec a = aggregates.get(i);
            if (a.field() != null) {
                Object v = fields.get(a.field());
                values[i] = number(v);
                if (values[i] == null) {
                    return dead(DeadLetter.NOT_A_NUMBER, "field '" + a.field() + "' is not a number: " + literal(v),
                            source, lineNumber, line, split, arrival);
                }
            }
        }
        long ref = referenceWatermark(arrival);
        if (ref != Long.MIN_VALUE && ts - ref > maxFutureMillis) {
            return dead(DeadLetter.TOO_FAR_AHEAD, "event time " + ts + " (" + Instant.ofEpochMilli(ts) + ") is "
                    + (ts - ref) + " ms ahead of the reference watermark " + ref + "; event-time.max-future is "
                    + maxFutureMillis + " ms", source, lineNumber, line, split, arrival);
        }
        List<String> key = new ArrayList<>(keyBy.size());
        for (String k : keyBy) {
            key.add(literal(fields.get(k)));
        }
        maxAccepted = Math.max(maxAccepted, ts);
        return new Outcome(new Event(fields, line, source, lineNumber, split, ts, key, values), null, split, arrival);
    }

    private static Outcome dead(String reason, String detail, String source, long lineNumber, String line, String split,
            Long arrival) {
        return new Outcome(null, new DeadLetter(reason, detail, source, lineNumber, line), split, arrival);
    }

    private static final class Rejected extends Exception {
        private static final long serialVersionUID = 1L;
        final String reason;

        Rejected(String reason, String message) {
            super(message, null, false, false);
            this.reason = reason;
        }
    }

    private long eventTime(Object t) throws Rejected {
        if (unit == TimeUnitKind.ISO8601) {
            BigDecimal n = number(t);
            if (n != null) {
                TimeUnitKind guess = TimeUnitKind.guessFromMagnitude(n.doubleValue());
                if (guess != null) {
                    throw new Rejected(DeadLetter.WRONG_UNIT, "event time " + t + " looks like epoch " + guess.label()
                            + " but event-time.unit is iso8601");
                }
                throw new Rejected(DeadLetter.BAD_EVENT_TIME, "event time " + t + " is not an ISO-8601 time");
            }
            if (!(t instanceof String)) {
                throw new Rejected(DeadLetter.BAD_EVENT_TIME, "event time " + literal(t) + " is not an ISO-8601 time");
            }
            return parseIso((String) t);
        }
        BigDecimal n = number(t);
        if (n == null) {
            if (t instanceof String && looksIso((String) t)) {
                throw new Rejected(DeadLetter.WRONG_UNIT, "event time " + literal(t) + " is an ISO-8601 time but event-time.unit is "
                        + unit.label());
            }
            throw new Rejected(DeadLetter.BAD_EVENT_TIME, "event time " + literal(t) + " is not a number");
        }
        if (unitCheck) {
            TimeUnitKind guess = TimeUnitKind.guessFromMagnitude(n.doubleValue());
            if (guess != null && guess != unit) {
                int digits = n.abs().setScale(0, RoundingMode.FLOOR).toBigInteger().toString().length();
                throw new Rejected(DeadLetter.WRONG_UNIT, "event time " + n.toPlainString() + " has " + digits
                        + " digits: it looks like epoch " + unitName(guess) + " but event-time.unit is " + unit.label()
                        + " (set event-time.unit-check: false to accept it)");
            }
        }
        BigDecimal ms = switch (unit) {
            case MS -> n;
            case S -> n.multiply(THOUSAND);
            case US -> n.divide(THOUSAND);
            default -> n.divide(MILLION);
        };
        try {
            BigInteger whole = ms.setScale(0, RoundingMode.FLOOR).toBigIntegerExact();
            // keep away from the ends of the long range, where watermarks and window ends overflow
            if (whole.abs().compareTo(BigInteger.valueOf(Long.MAX_VALUE / 4)) > 0) {
                throw new ArithmeticException();
            }
            return whole.longValueExact();
        } catch (ArithmeticException e) {
            throw new Rejected(DeadLetter.BAD_EVENT_TIME, "event time " + n.toPlainString() + " " + unit.label() + " is out of range");
        }
    }

    private static String unitName(TimeUnitKind u) {
        return switch (u) {
            case S -> "seconds";
            case MS -> "milliseconds";
            case US -> "microseconds";
            case NS -> "nanoseconds";
            default -> u.label();
        };
    }

    private static boolean looksIso(String s) {
        return s.length() >= 10 && Character.isDigit(s.charAt(0)) && s.charAt(4) == '-';
    }

    private static long parseIso(String s) throws Rejected {
        try {
            return OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            try {
                return Instant.parse(s).toEpochMilli();
            } catch (DateTimeParseException e2) {
                throw new Rejected(DeadLetter.BAD_EVENT_TIME, "event time \"" + s
                        + "\" is not an ISO-8601 instant with a zone offset (e.g. 2024-01-01T10:00:00Z)");
            }
        }
    }

    /** {@code v} as an exact decimal if it is a number or a text holding one; else null. */
    public static BigDecimal number(Object v) {
        if (v instanceof BigDecimal) {
            return (BigDecimal) v;
        }
        if (v instanceof Long || v instanceof Integer) {
            return BigDecimal.valueOf(((Number) v).longValue());
        }
        if (v instanceof BigInteger) {
            return new BigDecimal((BigInteger) v);
        }
        if (v instanceof String) {
            String s = ((String) v).trim();
            if (NUMBER.matcher(s).matches()) {
                try {
                    return new BigDecimal(s);
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /** {@code v} as a JSON literal: {@code "u1"}, {@code 42}, {@code true}, {@code null}. */
    public static String literal(Object v) {
        if (v instanceof String) {
            String s = (String) v;
            boolean plain = true;
            for (int i = 0; i < s.length() && plain; i++) {
                char c = s.charAt(i);
                plain = c >= 0x20 && c != '"' && c != '\\' && c < 0x7f;
            }
            if (plain) {
                return "\"" + s + "\"";
            }
        } else if (v instanceof Long || v instanceof Integer || v instanceof Boolean) {
            return v.toString();
        } else if (v == null) {
            return "null";
        }
        try {
            return LineParser.JSON.writeValueAsString(v);
        } catch (Exception e) {
            return String.valueOf(v);
        }
    }
}
