package io.tidemark.cli.io;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.TimeUnitKind;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.spi.Line;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Decides, line by line, whether a line is skipped (empty, or the CSV header), becomes a candidate
 * {@link Event} (which the {@link TimeGuard} still judges) or a {@link DeadLetter}, and why.
 *
 * <p>The checks run in this order; the first that fails gives the reason:
 * <ol>
 *   <li>{@code line-too-long}: longer than {@code source.max-line-length};
 *   <li>{@code invalid-encoding}: not UTF-8 (the letter keeps the exact bytes in base64);
 *   <li>(an empty line is skipped and counted; the first non-empty line of a CSV input with a header is
 *       the header); {@code blank}: only spaces and control characters;
 *   <li>{@code unparsable}: not a JSON object, or a CSV row with the wrong number of values;
 *   <li>{@code missing-field}: the partition field is absent or null;
 *   <li>{@code bad-arrival-time} (replay mode): the arrival-time field is absent or not epoch milliseconds;
 *   <li>{@code missing-field}: a key-by field or an aggregated field is absent or null;
 *   <li>{@code number-out-of-range}: a key-by, partition or aggregated number beyond
 *       {@link #MAX_DIGITS} digits before or after the point;
 *   <li>{@code missing-event-time}: the event-time field is absent or null;
 *   <li>{@code wrong-unit}: the value's size says another unit than {@code event-time.unit} (see
 *       {@link TimeUnitKind#guessFromMagnitude}), or an ISO-8601 text where a number is declared, or the
 *       reverse; {@code bad-event-time}: not a number (or not an ISO-8601 instant with offset), or out of range;
 *   <li>{@code not-a-number}: an aggregated field is not a number;
 *   <li>{@code unstorable}: an output cannot store the key, or the line ({@link TextLimits}: U+0000 and
 *       a PostgreSQL table).
 * </ol>
 * Numbers are bounded before any arithmetic, so that a line like {@code 1e100000000} costs no more
 * than any other.
 */
public final class LineInterpreter {

    /** The most digits a number may have before, and after, its decimal point. */
    public static final int MAX_DIGITS = 40;

    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?");
    private static final BigDecimal THOUSAND = BigDecimal.valueOf(1000);
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);
    private static final long MAX_TIME = Long.MAX_VALUE / 4;

    /** What became of one line. */
    public sealed interface Outcome {}

    /** Not a record: an empty line, or the CSV header line ({@code header} true). */
    public record Skipped(boolean header, String text) implements Outcome {}

    /** A dead letter; its split and arrival time if they could be read. */
    public record Rejected(DeadLetter letter, String split, Long arrival) implements Outcome {}

    /** A record that passed every check of this class, with its split and (replay) arrival time. */
    public record Candidate(Event event, String split, Long arrival) implements Outcome, java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    private final LineParser parser;
    private final boolean header;
    private final String partitionField;
    private final String arrivalField;
    private final String timeField;
    private final TimeUnitKind unit;
    private final boolean unitCheck;
    private final List<String> keyBy;
    private final List<AggregateSpec> aggregates;
    private final int maxLineLength;
    private final String defaultSplit;
    private final TextLimits limits;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    /** The fast path for plain lines, or null (the general path alone, for comparing the two). */
    private final PlainLines plain;
    private CharBuffer chars = CharBuffer.allocate(256);
    private boolean headerSeen;
    private String headerLine;

    public LineInterpreter(JobConfig.Source source, JobConfig.EventTime eventTime, List<String> keyBy,
            List<AggregateSpec> aggregates, String defaultSplit) {
        this(source, eventTime, keyBy, aggregates, defaultSplit, TextLimits.NONE);
    }

    /** With {@code limits}: what the job's outputs cannot store (a line that needs it is {@code unstorable}). */
    public LineInterpreter(JobConfig.Source source, JobConfig.EventTime eventTime, List<String> keyBy,
            List<AggregateSpec> aggregates, String defaultSplit, TextLimits limits) {
        this(source, eventTime, keyBy, aggregates, defaultSplit, limits, true);
    }

    /** With {@code fastPath} false, every line takes the general path (Jackson's tree, the CSV splitter). */
    LineInterpreter(JobConfig.Source source, JobConfig.EventTime eventTime, List<String> keyBy,
            List<AggregateSpec> aggregates, String defaultSplit, TextLimits limits, boolean fastPath) {
        this.limits = limits;
        this.parser = source.format() == JobConfig.Format.CSV ? LineParser.csv(source.columns()) : LineParser.jsonl();
        this.header = source.format() == JobConfig.Format.CSV && source.header();
        this.partitionField = source.partitionField();
        this.arrivalField = source.arrivalTimeField();
        this.maxLineLength = source.maxLineLength();
        this.timeField = eventTime.field();
        this.unit = eventTime.unit();
        this.unitCheck = eventTime.unitCheck();
        this.keyBy = keyBy;
        this.aggregates = aggregates;
        this.defaultSplit = defaultSplit;
        this.plain = fastPath ? new PlainLines(parser, source.format() != JobConfig.Format.CSV, partitionField, arrivalField, timeField,
                unit, unitCheck, keyBy, aggregates, defaultSplit) : null;
    }

    /** The CSV header line this interpreter read (and named its fields by), or null. */
    public String headerLine() {
        return headerLine;
    }

    /** Continues after {@code line}, the header an earlier interpreter read (a resumed input does not read it again). */
    public void resumeAfterHeader(String line) {
        if (line != null && header) {
            headerSeen = true;
            headerLine = line;
            parser.header(line);
        }
    }

    public Outcome interpret(Line raw, String source, long lineNumber) {
        if (raw.cut()) {
            return dead(DeadLetter.LINE_TOO_LONG, "the line has " + raw.fullLength() + " bytes, more than source.max-line-length ("
                    + maxLineLength + "); the letter keeps its first " + raw.length(), source, lineNumber,
                    lenient(raw), base64(raw), null, null);
        }
        if (plain != null && raw.length() > 0 && (!header || headerSeen)) {
            Candidate c = plain.interpret(raw.bytes(), raw.length(), source, lineNumber);
            if (c != null) {
                return c;
            }
        }
        String line = decode(raw);
        if (line == null) {
            return dead(DeadLetter.INVALID_ENCODING, "byte " + (invalidAt + 1) + " (0x" + String.format("%02x", raw.bytes()[invalidAt] & 0xff)
                    + ") is not UTF-8; the letter keeps the line's bytes in base64", source, lineNumber, lenient(raw), base64(raw), null, null);
        }
        if (line.isEmpty()) {
            return new Skipped(false, line);
        }
        if (blank(line)) {
            return dead(DeadLetter.BLANK, "only spaces or control characters", source, lineNumber, line, null, null, null);
        }
        if (header && !headerSeen) {
            headerSeen = true;
            headerLine = line;
            parser.header(line);
            return new Skipped(true, line);
        }
        Map<String, Object> fields;
        try {
            fields = parser.parse(line);
        } catch (LineParser.ParseException e) {
            return dead(DeadLetter.UNPARSABLE, e.getMessage(), source, lineNumber, line, null, null, null);
        }
        String split = defaultSplit;
        if (partitionField != null) {
            Object p = fields.get(partitionField);
            if (p == null) {
                return dead(DeadLetter.MISSING_FIELD, "partition field '" + partitionField + "' is missing", source,
                        lineNumber, line, null, null, null);
            }
            if (outOfRange(p)) {
                return dead(DeadLetter.NUMBER_OUT_OF_RANGE, "partition field '" + partitionField + "' is a number with more than "
                        + MAX_DIGITS + " digits", source, lineNumber, line, null, null, null);
            }
            split = p instanceof String ? (String) p : literal(p);
        }
        Long arrival = null;
        if (arrivalField != null) {
            Object a = fields.get(arrivalField);
            BigDecimal ad = number(a);
            if (ad == null) {
                return dead(DeadLetter.BAD_ARRIVAL_TIME, a == null ? "arrival-time field '" + arrivalField + "' is missing"
                        : "arrival-time field '" + arrivalField + "' is not epoch milliseconds: " + shorten(literal(a)),
                        source, lineNumber, line, null, split, null);
            }
            if (bounded(ad) == null || ad.abs().compareTo(BigDecimal.valueOf(MAX_TIME)) > 0) {
                return dead(DeadLetter.BAD_ARRIVAL_TIME, "arrival time out of range: " + shorten(literal(a)), source, lineNumber,
                        line, null, split, null);
            }
            arrival = ad.setScale(0, RoundingMode.FLOOR).longValueExact();
        }
        for (String k : keyBy) {
            Object v = fields.get(k);
            if (v == null) {
                return dead(DeadLetter.MISSING_FIELD, "key-by field '" + k + "' is missing", source, lineNumber, line,
                        null, split, arrival);
            }
            if (outOfRange(v)) {
                return dead(DeadLetter.NUMBER_OUT_OF_RANGE, "key-by field '" + k + "' is a number with more than " + MAX_DIGITS
                        + " digits before or after its point", source, lineNumber, line, null, split, arrival);
            }
        }
        for (AggregateSpec a : aggregates) {
            if (a.field() != null && fields.get(a.field()) == null) {
                return dead(DeadLetter.MISSING_FIELD, "field '" + a.field() + "' (" + a.outputName() + ") is missing",
                        source, lineNumber, line, null, split, arrival);
            }
        }
        Object t = fields.get(timeField);
        if (t == null) {
            return dead(DeadLetter.MISSING_EVENT_TIME, "event-time field '" + timeField + "' is missing", source,
                    lineNumber, line, null, split, arrival);
        }
        long ts;
        try {
            ts = eventTime(t);
        } catch (BadTime r) {
            return dead(r.reason, r.getMessage(), source, lineNumber, line, null, split, arrival);
        }
        BigDecimal[] values = new BigDecimal[aggregates.size()];
        for (int i = 0; i < values.length; i++) {
            AggregateSpec a = aggregates.get(i);
            if (a.field() != null) {
                Object v = fields.get(a.field());
                BigDecimal n = number(v);
                if (n == null) {
                    return dead(DeadLetter.NOT_A_NUMBER, "field '" + a.field() + "' is not a number: " + shorten(literal(v)),
                            source, lineNumber, line, null, split, arrival);
                }
                values[i] = bounded(n);
                if (values[i] == null) {
                    return dead(DeadLetter.NUMBER_OUT_OF_RANGE, "field '" + a.field() + "' has more than " + MAX_DIGITS
                            + " digits before or after its point: " + shorten(literal(v)), source, lineNumber, line, null, split, arrival);
                }
            }
        }
        List<String> key = new ArrayList<>(keyBy.size());
        for (String k : keyBy) {
            key.add(literal(fields.get(k)));
        }
        String unstorable = limits.rejects(keyBy, fields, line);
        if (unstorable != null) {
            return dead(DeadLetter.UNSTORABLE, unstorable, source, lineNumber, line, null, split, arrival);
        }
        return new Candidate(new Event(line, source, lineNumber, split, ts, key, values, arrival), split, arrival);
    }

    private int invalidAt;

    /** The line as strict UTF-8, or null (then {@link #invalidAt} is the first bad byte). */
    private String decode(Line raw) {
        ByteBuffer in = ByteBuffer.wrap(raw.bytes(), 0, raw.length());
        if (chars.capacity() < raw.length()) {
            chars = CharBuffer.allocate(Math.max(raw.length(), chars.capacity() * 2));
        }
        chars.clear();
        decoder.reset();
        CoderResult r = decoder.decode(in, chars, true);
        if (r.isError()) {
            invalidAt = in.position();
            return null;
        }
        decoder.flush(chars);
        chars.flip();
        return chars.toString();
    }

    private static String lenient(Line raw) {
        return new String(raw.bytes(), 0, raw.length(), StandardCharsets.UTF_8);
    }

    private static String base64(Line raw) {
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(raw.bytes(), raw.length()));
    }

    /** Whether the text has no visible character: only white space, separators, control or format characters. */
    static boolean blank(String s) {
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            int type = Character.getType(c);
            if (!Character.isWhitespace(c) && !Character.isSpaceChar(c) && type != Character.CONTROL && type != Character.FORMAT) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    private static Outcome dead(String reason, String detail, String source, long lineNumber, String line, String bytes,
            String split, Long arrival) {
        return new Rejected(new DeadLetter(reason, detail, source, lineNumber, line, bytes), split, arrival);
    }

    private static final class BadTime extends Exception {
        private static final long serialVersionUID = 1L;
        final String reason;

        BadTime(String reason, String message) {
            super(message, null, false, false);
            this.reason = reason;
        }
    }

    private long eventTime(Object t) throws BadTime {
        if (unit == TimeUnitKind.ISO8601) {
            BigDecimal n = number(t);
            if (n != null) {
                TimeUnitKind guess = bounded(n) == null ? null : TimeUnitKind.guessFromMagnitude(n.doubleValue());
                if (guess != null) {
                    throw new BadTime(DeadLetter.WRONG_UNIT, "event time " + shorten(literal(t)) + " looks like epoch "
                            + guess.label() + " but event-time.unit is iso8601");
                }
                throw new BadTime(DeadLetter.BAD_EVENT_TIME, "event time " + shorten(literal(t)) + " is not an ISO-8601 time");
            }
            if (!(t instanceof String)) {
                throw new BadTime(DeadLetter.BAD_EVENT_TIME, "event time " + shorten(literal(t)) + " is not an ISO-8601 time");
            }
            return parseIso((String) t);
        }
        BigDecimal n = number(t);
        if (n == null) {
            if (t instanceof String && looksIso((String) t)) {
                throw new BadTime(DeadLetter.WRONG_UNIT, "event time " + shorten(literal(t)) + " is an ISO-8601 time but event-time.unit is "
                        + unit.label());
            }
            throw new BadTime(DeadLetter.BAD_EVENT_TIME, "event time " + shorten(literal(t)) + " is not a number");
        }
        if (bounded(n) == null) {
            throw new BadTime(DeadLetter.BAD_EVENT_TIME, "event time " + shorten(literal(t)) + " is out of range");
        }
        if (unitCheck) {
            TimeUnitKind guess = TimeUnitKind.guessFromMagnitude(n.doubleValue());
            if (guess != null && guess != unit) {
                int digits = n.abs().setScale(0, RoundingMode.FLOOR).toBigInteger().toString().length();
                throw new BadTime(DeadLetter.WRONG_UNIT, "event time " + n.toPlainString() + " has " + digits
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
        BigInteger whole = ms.setScale(0, RoundingMode.FLOOR).toBigInteger();
        // keep away from the ends of the long range, where watermarks and window ends overflow
        if (whole.abs().compareTo(BigInteger.valueOf(MAX_TIME)) > 0) {
            throw new BadTime(DeadLetter.BAD_EVENT_TIME, "event time " + n.toPlainString() + " " + unit.label() + " is out of range");
        }
        return whole.longValueExact();
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

    private static long parseIso(String s) throws BadTime {
        long ms;
        try {
            ms = OffsetDateTime.parse(s).toInstant().toEpochMilli();
        } catch (DateTimeException | ArithmeticException e) {
            try {
                ms = Instant.parse(s).toEpochMilli();
            } catch (DateTimeException | ArithmeticException e2) {
                throw new BadTime(DeadLetter.BAD_EVENT_TIME, "event time \"" + shorten(s)
                        + "\" is not an ISO-8601 instant with a zone offset (e.g. 2024-01-01T10:00:00Z)");
            }
        }
        if (Math.abs(ms) > MAX_TIME) {
            throw new BadTime(DeadLetter.BAD_EVENT_TIME, "event time \"" + shorten(s) + "\" is out of range");
        }
        return ms;
    }

    /** {@code v} as an exact decimal if it is a number or a text holding one; else null. Not bounded. */
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
            if (s.length() <= 200 && NUMBER.matcher(s).matches()) {
                try {
                    return new BigDecimal(s);
                } catch (NumberFormatException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /**
     * {@code n} if it has at most {@link #MAX_DIGITS} digits before and after its point, else null.
     * Costs no arithmetic on {@code n}'s digits: {@code 1e100000000} is refused at once.
     */
    public static BigDecimal bounded(BigDecimal n) {
        long integerDigits = (long) n.precision() - n.scale();
        return integerDigits <= MAX_DIGITS && n.scale() <= MAX_DIGITS ? n : null;
    }

    /** Whether {@code v} is a number (not a text) beyond {@link #bounded}. */
    private static boolean outOfRange(Object v) {
        return (v instanceof BigDecimal || v instanceof BigInteger) && bounded(number(v)) == null;
    }

    private static String shorten(String s) {
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    /** {@code v} as a JSON literal: {@code "u1"}, {@code 42}, {@code true}, {@code null}; numbers as written. */
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
        } else if (v instanceof BigDecimal d) {
            return bounded(d) != null ? d.toPlainString() : d.toString();
        }
        try {
            return LineParser.JSON.writeValueAsString(v);
        } catch (Exception e) {
            return String.valueOf(v);
        }
    }
}
