package io.tidemark.cli.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.BuiltIn;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * {@code tidemark profile} and {@code tune} read a job's lines with the interpreter's fast path for plain
 * lines ({@code PlainLines}); here the same input is read once with it and once with the general path
 * alone (Jackson's tree), and every figure they report — counts, dead letters by reason, quantiles per
 * split and bucket, idle gaps, outliers, the grid's late shares, the recommendation, each candidate of
 * tune — must be the same, on fuzzed mixes of plain lines and lines only the general path decides
 * (decimals as text, wrong units, ISO times, far futures, missing or odd fields, cut and padded lines).
 */
class ProfileLinePathsProperties {

    static final long T0 = 1_704_067_200_000L;

    /** One line: the i-th record's fields, each sometimes replaced by an odd value, the line sometimes broken. */
    @Provide
    Arbitrary<String> line() {
        Arbitrary<String> user = Arbitraries.frequencyOf(Tuple.of(8, Arbitraries.of("\"u1\"", "\"u2\"", "\"u0660\"", "\"u3\"")),
                Tuple.of(1, Arbitraries.of("5", "\"é\"", "\"a\\\"b\"", "null", "12.50", "\"\"")));
        Arbitrary<String> amount = Arbitraries.frequencyOf(Tuple.of(6, Arbitraries.integers().between(0, 9999).map(c -> c / 100 + "." + c % 100)),
                Tuple.of(3, Arbitraries.integers().between(-5, 500).map(String::valueOf)),
                Tuple.of(1, Arbitraries.of("\"2.50\"", "\"x\"", "null", "1e3", "1.0E-2", "true", "99999999999999999999999999999999999999999999")));
        Arbitrary<String> partition = Arbitraries.frequencyOf(Tuple.of(9, Arbitraries.of("\"p0\"", "\"p1\"", "\"p2\"")),
                Tuple.of(1, Arbitraries.of("7", "null", "\"p\\u0031\"")));
        Arbitrary<Long> disorder = Arbitraries.frequencyOf(Tuple.of(9, Arbitraries.longs().between(0, 4_000)),
                Tuple.of(1, Arbitraries.longs().between(0, 120_000)));
        Arbitrary<Integer> timeKind = Arbitraries.frequencyOf(Tuple.of(20, Arbitraries.just(0)), Tuple.of(1, Arbitraries.integers().between(1, 6)));
        Arbitrary<Integer> shape = Arbitraries.frequencyOf(Tuple.of(20, Arbitraries.just(0)), Tuple.of(1, Arbitraries.integers().between(1, 8)));
        return Combinators.combine(user, amount, partition, disorder, timeKind, shape, Arbitraries.integers().between(0, 60))
                .as((u, a, p, d, tk, sh, cut) -> new Fields(u, a, p, d, tk, sh, cut).toString());
    }

    /** The fields of one line; {@code %d} placeholders filled with its position when the input is written. */
    record Fields(String user, String amount, String partition, long disorder, int timeKind, int shape, int cut) {
        @Override
        public String toString() {
            String time = switch (timeKind) {
                case 1 -> "%S";                          // seconds where ms are declared: wrong-unit
                case 2 -> "\"2024-01-01T00:00:00Z\"";    // an ISO time where a number is declared
                case 3 -> "%F";                          // ten days ahead: too-far-ahead
                case 4 -> "\"%T\"";                      // the number as text
                case 5 -> "null";
                case 6 -> "%T.5";                        // a fraction of a millisecond
                default -> "%T";
            };
            String line = "{\"userId\":" + user + ",\"eventTime\":" + time + ",\"amount\":" + amount + ",\"partition\":" + partition
                    + ",\"arrival\":%A}";
            return switch (shape) {
                case 1 -> line.substring(0, Math.min(cut, line.length()));
                case 2 -> " " + line;
                case 3 -> line + " x";
                case 4 -> line.replace(",\"amount\":" + amount, "");
                case 5 -> line.replace(":", " : ");
                case 6 -> "";
                case 7 -> "  ";
                case 8 -> line.replace(",\"partition\":" + partition, "");
                default -> line;
            } + "\u0000" + disorder;
        }
    }

    @Provide
    Arbitrary<List<String>> lines() {
        return line().list().ofMinSize(20).ofMaxSize(400);
    }

    /** The input file: record i arrives at T0 + 100 i ms; its event time is that minus its disorder. */
    static Path write(Path dir, List<String> fields) throws Exception {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            String f = fields.get(i);
            int at = f.lastIndexOf('\u0000');
            long arrival = T0 + 100L * i;
            long ts = arrival - Long.parseLong(f.substring(at + 1));
            out.add(f.substring(0, at).replace("%T", String.valueOf(ts)).replace("%S", String.valueOf(ts / 1000))
                    .replace("%F", String.valueOf(ts + 10 * 86_400_000L)).replace("%A", String.valueOf(arrival)));
        }
        Path data = dir.resolve("in.jsonl");
        Files.write(data, out, StandardCharsets.UTF_8);
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "name: paths",
                "source: {type: file, path: in.jsonl, partition-field: partition, arrival-time-field: arrival}",
                "event-time: {field: eventTime, max-future: 1h}",
                "watermark: {strategy: bounded, max-out-of-orderness: 2s, idleness: 5s}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "allowed-lateness: 1s",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                ""), StandardCharsets.UTF_8);
        return job;
    }

    @Property
    void profileAndTuneReportTheSameFiguresOnEitherLinePath(@ForAll("lines") List<String> fields) throws Exception {
        Path dir = Files.createTempDirectory("tidemark-paths");
        try {
            compare(write(dir, fields));
        } finally {
            try (var walk = Files.walk(dir)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A plain input with a few odd lines (wrong unit, far future, no amount): the same figures, those dead letters among them. */
    @Example
    void mostlyPlainLinesGiveTheSameFigures() throws Exception {
        Path dir = Files.createTempDirectory("tidemark-paths");
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            fields.add(new Fields("\"u" + i % 7 + "\"", i % 13 + ".25", "\"p" + i % 3 + "\"", (i * 37L) % 3000,
                    i % 50 == 7 ? 1 : i % 60 == 9 ? 3 : 0, i % 70 == 11 ? 4 : 0, 0).toString());
        }
        Path job = write(dir, fields);
        Profile fast = compare(job);
        assertThat(fast.reading().records()).isGreaterThan(250);
        assertThat(fast.reading().deadLetters()).containsKeys("wrong-unit", "too-far-ahead", "missing-field");
    }

    static Profile compare(Path jobFile) throws Exception {
        JobConfig job = JobConfigLoader.load(jobFile, BuiltIn.catalog());
        Profile fast = Profile.measure(job, 0, 3_600_000L, 1.3, true);
        Profile general = Profile.measure(job, 0, 3_600_000L, 1.3, false);
        assertThat(Json.write(fast)).isEqualTo(Json.write(general));
        List<Long> bounds = List.of(0L, 500L, 2_000L, 10_000L);
        List<Long> lateness = List.of(0L, 1_000L);
        assertThat(Json.write(Tune.run(job, bounds, lateness, 0.01, 15_000L, 0, true)))
                .isEqualTo(Json.write(Tune.run(job, bounds, lateness, 0.01, 15_000L, 0, false)));
        return fast;
    }
}
