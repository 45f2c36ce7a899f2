package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * Random mutations of a valid job file — lines dropped or doubled, keys misspelt, values replaced by
 * odd ones, outputs pointed at the input or the job file, indentation broken — give either exit code 2
 * with one message naming a key, or a run that ends (0, or 3 over the dead-letter limit) with its
 * summary; never another failure, and never a changed input or job file. Tries: jqwik's default (see
 * {@link RandomLinesProperties}).
 */
class JobFileFuzzProperties {

    static final String VALID = String.join("\n",
            "name: fuzz",
            "source:",
            "  type: file",
            "  path: orders.jsonl",
            "  format: jsonl",
            "  partition-field: p",
            "  arrival-time-field: arrival",
            "event-time:",
            "  field: eventTime",
            "  unit: ms",
            "  max-future: 1h",
            "  confirmations: 3",
            "watermark:",
            "  strategy: bounded",
            "  max-out-of-orderness: 2s",
            "  emit: periodic",
            "  interval: 200ms",
            "  idleness: 10s",
            "key-by: [userId]",
            "window:",
            "  type: sliding",
            "  size: 10s",
            "  slide: 5s",
            "  offset: 0s",
            "allowed-lateness: 3s",
            "aggregate: [count, {sum: amount}, {max: amount}]",
            "output:",
            "  results: {type: jsonl, path: out/results.jsonl}",
            "  late: {type: jsonl, path: out/late.jsonl}",
            "  dead-letter: {type: csv, path: out/dead.csv}",
            "dead-letter-limit: 50%",
            "");

    static final String[] VALUES = {"", "0", "-1", "1", "3", "10s", "-10s", "0s", "1d", "36500d", "36501d",
        "9223372036854775807ms", "1e100", "nan", "true", "kafka", "jdbc", "socket", "generator", "session", "tumbling",
        "csv", "stdout", "per-event", "none", "monotonous", "iso8601", "s", "orders.jsonl", "job.yaml", "./orders.jsonl",
        "out", "out/results.jsonl", "[a, b]", "{x: 1}", "~", "'quoted'", "\"", "amount", "userId", "eventTime", "150%", "0.5",
        "1KiB", "64MiB", "p9@1m+1m", "1h", "xx:"};

    Path dir;

    @BeforeTry
    void folder() throws Exception {
        dir = Files.createTempDirectory("tidemark-job-fuzz-");
        List<String> data = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            long t = 1_000L * i;
            data.add("{\"p\":\"p" + i % 2 + "\",\"arrival\":" + (t + 500) + ",\"userId\":\"u" + i % 3 + "\",\"eventTime\":" + t
                    + ",\"amount\":" + i + "}");
        }
        data.add("not json");
        Files.write(dir.resolve("orders.jsonl"), data, StandardCharsets.UTF_8);
    }

    @AfterTry
    void cleanUp() throws Exception {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    static String mutate(long seed) {
        Random rnd = new Random(seed);
        List<String> lines = new ArrayList<>(Arrays.asList(VALID.split("\n")));
        int n = 1 + rnd.nextInt(3);
        for (int m = 0; m < n; m++) {
            int i = rnd.nextInt(lines.size());
            String l = lines.get(i);
            int colon = l.indexOf(':');
            switch (rnd.nextInt(6)) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, l);
                case 2 -> { // a value replaced
                    if (colon > 0) {
                        lines.set(i, l.substring(0, colon + 1) + " " + VALUES[rnd.nextInt(VALUES.length)]);
                    }
                }
                case 3 -> { // a key misspelt
                    if (colon > 2) {
                        int at = l.indexOf(l.strip()) + rnd.nextInt(colon - l.indexOf(l.strip()));
                        lines.set(i, l.substring(0, at) + (char) ('a' + rnd.nextInt(26)) + l.substring(at + 1));
                    }
                }
                case 4 -> lines.set(i, (rnd.nextBoolean() ? " " : "") + l.strip()); // indentation
                default -> { // a value from elsewhere in the file
                    String other = lines.get(rnd.nextInt(lines.size()));
                    int oc = other.indexOf(':');
                    if (colon > 0 && oc > 0) {
                        lines.set(i, l.substring(0, colon + 1) + other.substring(oc + 1));
                    }
                }
            }
        }
        return String.join("\n", lines) + "\n";
    }

    @Property
    void aMutatedJobFileIsOneMessageNamingAKeyOrARun(@ForAll @IntRange(min = 0, max = Integer.MAX_VALUE) int seed) throws Exception {
        String yaml = mutate(seed);
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, yaml);
        byte[] input = Files.readAllBytes(dir.resolve("orders.jsonl"));
        CliHarness.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliHarness.run("run", job.toString()));
        net.jqwik.api.statistics.Statistics.collect("exit " + r.exitCode());
        String what = "seed " + seed + "\n" + yaml + "\nstderr: " + r.err();
        assertThat(r.exitCode()).as(what).isIn(0, 2, 3);
        if (r.exitCode() == 2) {
            assertThat(r.err().lines().count()).as(what).isEqualTo(1);
            assertThat(r.err()).as(what).matches("(?s)tidemark: error: (([a-z-]+(\\[\\d+\\])?(\\.[a-z-]+(\\[\\d+\\])?)*: .*)|(.* not valid YAML.*)|(.*is empty.*))");
        } else {
            assertThat(r.out()).as(what).containsPattern("accounted .*: OK");
        }
        assertThat(Files.readAllBytes(dir.resolve("orders.jsonl"))).as(what).isEqualTo(input);
        assertThat(Files.readString(job)).as(what).isEqualTo(yaml);
    }
}
