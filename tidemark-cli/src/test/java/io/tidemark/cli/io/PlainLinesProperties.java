package io.tidemark.cli.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.TimeUnitKind;
import io.tidemark.cli.spi.Line;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The fast path for plain lines ({@link PlainLines}) against the general path alone (Jackson's tree,
 * the CSV splitter) on fuzzed lines: every line gets the same outcome — the same candidate (text, split,
 * event time, key literals, exact values with their scale, arrival) or the same dead letter or skip —
 * for JSON and CSV, several units, with and without partition and arrival fields. Each try is a few
 * hundred lines; a longer campaign: {@code -Djqwik.tries.default=1000}.
 */
class PlainLinesProperties {

    private static final List<String> NAMES = List.of("userId", "eventTime", "amount", "partition", "arrival", "qty", "note");

    /** A job's reading: format, unit, unit check, partition field, arrival field, key fields and aggregates. */
    record Setup(boolean csv, TimeUnitKind unit, boolean unitCheck, boolean partition, boolean arrival, List<String> keyBy,
            List<AggregateSpec> aggregates) {}

    @Provide
    Arbitrary<Setup> setup() {
        return Combinators.combine(Arbitraries.of(true, false), Arbitraries.of(TimeUnitKind.MS, TimeUnitKind.S, TimeUnitKind.US,
                TimeUnitKind.NS, TimeUnitKind.ISO8601), Arbitraries.of(true, false), Arbitraries.of(true, false),
                Arbitraries.of(true, false), Arbitraries.of(List.of("userId"), List.of("userId", "qty"), List.of("qty"), List.<String>of()),
                Arbitraries.of(List.of(new AggregateSpec(AggregateSpec.Kind.COUNT, null), new AggregateSpec(AggregateSpec.Kind.SUM, "amount")),
                        List.of(new AggregateSpec(AggregateSpec.Kind.MAX, "qty"), new AggregateSpec(AggregateSpec.Kind.AVG, "amount")),
                        List.of(new AggregateSpec(AggregateSpec.Kind.COUNT, null))))
                .as(Setup::new);
    }

    private static final List<String> STRINGS = List.of("\"u1\"", "\"u0660\"", "\"\"", "\"p1\"", "\"a b\"", "\"x\\\"y\"", "\"\\u00e9\"",
            "\"é\"", "\"tab\there\"", "\"del\u007f\"", "\"back\\\\slash\"", "\"12.50\"", "\"1704067200000\"", "\"2024-01-01T00:00:00Z\"",
            "\"{}\"", "\"a,b\"", "\"nul\\u0000\"");
    private static final List<String> NUMBERS = List.of("0", "-0", "01", "7", "-5", "123456789012345678", "1234567890123456789",
            "99999999999999999999", "1.50", "100.0", "0.00", "-0.0", "1.", ".5", "1.5e3", "1E2", "-", "191.81", "12.345678901234567",
            "1704067200000", "1704067200", "1704067200000000", "1704067200000000000", "-1704067200000", "9223372036854775807",
            "100000000", "99999999", "2305843009213694", "2305843009213693951", "1e100000000");
    private static final List<String> OTHERS = List.of("true", "false", "null", "{}", "[1]", "{\"a\":1}", "nul", "tru");

    @Provide
    Arbitrary<String> token() {
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, Arbitraries.of(STRINGS)), net.jqwik.api.Tuple.of(6, Arbitraries.of(NUMBERS)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of(OTHERS)),
                net.jqwik.api.Tuple.of(2, Arbitraries.longs().between(-2_000_000_000_000_000L, 2_000_000_000_000_000L).map(String::valueOf)),
                net.jqwik.api.Tuple.of(2, Arbitraries.integers().between(0, 99_999).map(c -> c / 100 + "." + String.format("%02d", c % 100))));
    }

    /** A JSON line: fields from a small set of names (duplicates possible), odd spacing, cut or broken now and then. */
    @Provide
    Arbitrary<String> jsonLine() {
        Arbitrary<String> field = Combinators.combine(Arbitraries.of(NAMES), token(), Arbitraries.of("", " ", "\t", "\r"))
                .as((n, v, sp) -> "\"" + n + "\"" + sp + ":" + sp + v);
        Arbitrary<String> typical = Combinators.combine(Arbitraries.of(STRINGS.subList(0, 4)), Arbitraries.longs().between(0, 3_000_000_000_000L),
                token(), Arbitraries.of("\"p0\"", "\"p1\"", "7"), Arbitraries.longs().between(0, 3_000_000_000_000L))
                .as((u, t, a, p, arr) -> "{\"userId\":" + u + ",\"eventTime\":" + t + ",\"amount\":" + a + ",\"partition\":" + p
                        + ",\"arrival\":" + arr + ",\"qty\":" + (t % 5) + "}");
        Arbitrary<String> random = Combinators.combine(field.list().ofMaxSize(8), Arbitraries.of("", " ", "\t"))
                .as((fs, sp) -> "{" + sp + String.join("," + sp, fs) + sp + "}");
        Arbitrary<String> line = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, typical), net.jqwik.api.Tuple.of(3, random));
        return Combinators.combine(line, Arbitraries.integers().between(0, 20), Arbitraries.integers().between(0, 200))
                .as((l, how, at) -> switch (how) {
                    case 0 -> l.substring(0, Math.min(at, l.length()));
                    case 1 -> " " + l;
                    case 2 -> l + " x";
                    case 3 -> l + "  ";
                    case 4 -> l.replace(':', ' ');
                    default -> l;
                });
    }

    /** A CSV line over the columns userId,eventTime,amount,partition,arrival,qty,note. */
    @Provide
    Arbitrary<String> csvLine() {
        Arbitrary<String> value = Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(5, token().map(t -> t.replace("\"", ""))),
                net.jqwik.api.Tuple.of(1, Arbitraries.of("", " 5", "5 ", "+5", "\"q,uoted\"", "a\"b", "é", "\t", "-0", "0.50", "x\\y")));
        Arbitrary<String> typical = Combinators.combine(Arbitraries.of("u1", "u2", "u0660"), Arbitraries.longs().between(0, 3_000_000_000_000L),
                value, Arbitraries.of("p0", "p1", ""), Arbitraries.longs().between(0, 3_000_000_000_000L))
                .as((u, t, a, p, arr) -> u + "," + t + "," + a + "," + p + "," + arr + "," + (t % 5) + ",n");
        Arbitrary<String> random = value.list().ofMinSize(5).ofMaxSize(8).map(vs -> String.join(",", vs));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, typical), net.jqwik.api.Tuple.of(2, random));
    }

    @Property
    void jsonLinesGetTheGeneralPathsOutcome(@ForAll("setup") Setup s, @ForAll("jsonLines") List<String> lines) {
        compare(new Setup(false, s.unit(), s.unitCheck(), s.partition(), s.arrival(), s.keyBy(), s.aggregates()), lines);
    }

    @Property
    void csvLinesGetTheGeneralPathsOutcome(@ForAll("setup") Setup s, @ForAll("csvLines") List<String> lines) {
        List<String> withHeader = new ArrayList<>();
        withHeader.add("userId,eventTime,amount,partition,arrival,qty,note");
        withHeader.addAll(lines);
        compare(new Setup(true, s.unit(), s.unitCheck(), s.partition(), s.arrival(), s.keyBy(), s.aggregates()), withHeader);
    }

    @Provide
    Arbitrary<List<String>> jsonLines() {
        return jsonLine().list().ofMinSize(50).ofMaxSize(300);
    }

    @Provide
    Arbitrary<List<String>> csvLines() {
        return csvLine().list().ofMinSize(50).ofMaxSize(300);
    }

    @Example
    void typicalLinesTakeTheFastPath() {
        Setup s = new Setup(false, TimeUnitKind.MS, true, true, false, List.of("userId"),
                List.of(new AggregateSpec(AggregateSpec.Kind.COUNT, null), new AggregateSpec(AggregateSpec.Kind.SUM, "amount")));
        PlainLines plain = new PlainLines(LineParser.jsonl(), true, "partition", null, "eventTime", TimeUnitKind.MS, true,
                s.keyBy(), s.aggregates(), "all");
        byte[] b = "{\"orderId\":\"o21\",\"userId\":\"u0660\",\"amount\":191.81,\"eventTime\":1704067200020,\"arrival\":1704067200265,\"partition\":\"p3\"}"
                .getBytes(StandardCharsets.UTF_8);
        LineInterpreter.Candidate c = plain.interpret(b, b.length, "f", 1);
        assertThat(c).isNotNull();
        assertThat(c.event().key()).containsExactly("\"u0660\"");
        assertThat(c.event().value(1)).isEqualTo(new BigDecimal("191.81"));
        assertThat(c.split()).isEqualTo("p3");
        LineInterpreter.Candidate again = plain.interpret(b, b.length, "f", 2);
        assertThat(again.event().key()).isSameAs(c.event().key());
        compare(s, List.of(new String(b, StandardCharsets.UTF_8), "{\"userId\":\"u1\",\"eventTime\":1704067200,\"amount\":1,\"partition\":\"p\"}"));
    }

    static void compare(Setup s, List<String> lines) {
        JobConfig.Source source = new JobConfig.Source(null, s.csv() ? JobConfig.Format.CSV : JobConfig.Format.JSONL, null, s.csv(),
                s.partition() ? "partition" : null, s.arrival() ? "arrival" : null, 1 << 20);
        JobConfig.EventTime time = new JobConfig.EventTime("eventTime", s.unit(), Duration.ofHours(1), 3, s.unitCheck());
        TextLimits limits = new TextLimits("results (a table)", "late (a table)");
        LineInterpreter fast = new LineInterpreter(source, time, s.keyBy(), s.aggregates(), "all", limits, true);
        LineInterpreter general = new LineInterpreter(source, time, s.keyBy(), s.aggregates(), "all", limits, false);
        Line line = new Line();
        long n = 0;
        for (String l : lines) {
            n++;
            line.set(l.getBytes(StandardCharsets.UTF_8), 1 << 20);
            LineInterpreter.Outcome a = fast.interpret(line, "in", n);
            LineInterpreter.Outcome b = general.interpret(line, "in", n);
            assertThat(describe(a)).as("line %s with %s", l, s).isEqualTo(describe(b));
        }
    }

    /** An outcome as comparable values (a candidate's event has no equals; decimals keep their scale). */
    static Object describe(LineInterpreter.Outcome o) {
        if (o instanceof LineInterpreter.Candidate c) {
            Event e = c.event();
            List<String> values = new ArrayList<>();
            for (int i = 0; ; i++) {
                try {
                    BigDecimal v = e.value(i);
                    values.add(v == null ? "null" : v.unscaledValue() + "e-" + v.scale());
                } catch (ArrayIndexOutOfBoundsException end) {
                    break;
                }
            }
            return Map.of("line", e.originalLine(), "at", e.source() + ":" + e.lineNumber(), "split", c.split() + "/" + e.split(),
                    "time", e.timestamp(), "key", e.key(), "values", values, "arrival", String.valueOf(c.arrival()) + "/" + e.arrival());
        }
        return o;
    }
}
