package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * Lines of random bytes — invalid UTF-8, control characters, huge numbers, deep nesting, long lines,
 * good records among them — on the file source: no crash, no hang, every line accounted for, every
 * output line valid UTF-8 JSON. The number of tries is jqwik's default ({@code jqwik.tries.default}
 * in junit-platform.properties, 10 for CI); a longer campaign:
 * {@code mvn -pl tidemark-cli test -Dtest=RandomLinesProperties -Djqwik.tries.default=1000}.
 */
class RandomLinesProperties {

    static final ObjectMapper JSON = new ObjectMapper();

    Path dir;

    @BeforeTry
    void folder() throws Exception {
        dir = Files.createTempDirectory("tidemark-random-lines-");
    }

    @AfterTry
    void cleanUp() throws Exception {
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Provide
    Arbitrary<byte[]> line() {
        Arbitrary<byte[]> randomBytes = Arbitraries.bytes().filter(b -> b != '\n').list().ofMaxSize(120)
                .map(RandomLinesProperties::toArray);
        Arbitrary<byte[]> controls = Arbitraries.chars().range('\u0000', '\u001f').filter(c -> c != '\n')
                .list().ofMaxSize(20).map(l -> utf8(l.stream().map(String::valueOf).reduce("", String::concat)));
        Arbitrary<byte[]> good = Arbitraries.integers().between(0, 50_000).map(t -> utf8(CliHarness.order("u" + t % 7, t, "1.5")));
        Arbitrary<byte[]> hugeNumber = Arbitraries.of("1e100000000", "-1e-100000000", "9".repeat(190), "1E+999999999", "0.0000001e-9999")
                .flatMap(n -> Arbitraries.of("eventTime", "amount", "userId")
                        .map(f -> utf8(CliHarness.order("u1", 1000, "1").replace("\"" + f + "\":" + (f.equals("userId") ? "\"u1\"" : f.equals("eventTime") ? "1000" : "1"),
                                "\"" + f + "\":" + n))));
        Arbitrary<byte[]> nested = Arbitraries.integers().between(1, 3000)
                .map(n -> utf8("{\"userId\":" + "[".repeat(n) + "]".repeat(n) + ",\"eventTime\":1000,\"amount\":1}"));
        Arbitrary<byte[]> longLine = Arbitraries.integers().between(900, 5000)
                .map(n -> utf8("{\"userId\":\"" + "x".repeat(n) + "\",\"eventTime\":1000,\"amount\":1}"));
        Arbitrary<byte[]> surrogates = Arbitraries.of("{\"userId\":\"\\ud800\",\"eventTime\":1000,\"amount\":1}",
                "{\"userId\":\"u\uD83D\uDE00\",\"eventTime\":1000,\"amount\":1} \uD83D\uDE00", "\u00a0\u2003", "\uFEFF{}", "\r", "\r\r")
                .map(RandomLinesProperties::utf8);
        Arbitrary<byte[]> badUtf8 = Combinators.combine(good, Arbitraries.integers().between(0, 20), Arbitraries.of((byte) 0xff,
                (byte) 0xc3, (byte) 0xed, (byte) 0x80)).as((g, at, b) -> {
                    byte[] c = g.clone();
                    c[Math.min(at, c.length - 1)] = b;
                    return c;
                });
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, good), net.jqwik.api.Tuple.of(2, randomBytes), net.jqwik.api.Tuple.of(1, controls),
                net.jqwik.api.Tuple.of(2, hugeNumber), net.jqwik.api.Tuple.of(1, nested), net.jqwik.api.Tuple.of(1, longLine),
                net.jqwik.api.Tuple.of(1, surrogates), net.jqwik.api.Tuple.of(2, badUtf8));
    }

    @Property
    void everyLineIsAccountedForAndEveryOutputLineIsValid(@ForAll("lines") List<byte[]> lines) throws Exception {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        for (byte[] l : lines) {
            file.write(l);
            file.write('\n');
        }
        Files.write(dir.resolve("orders.jsonl"), file.toByteArray());
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: file, path: orders.jsonl, max-line-length: 1KiB}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count, {sum: amount}, {avg: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                "dead-letter-limit: 100%",
                ""));
        CliHarness.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliHarness.run("run", job.toString()));
        r.assertOk();
        assertThat(r.out()).contains("lines read         " + lines.size()).containsPattern("accounted .*: OK");
        for (String f : List.of("results.jsonl", "late.jsonl", "dead.jsonl")) {
            byte[] b = Files.readAllBytes(dir.resolve("out").resolve(f));
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
            if (!f.equals("late.jsonl")) {
                for (String l : text.lines().toList()) {
                    JSON.readTree(l);
                }
            }
        }
    }

    @Provide
    Arbitrary<List<byte[]>> lines() {
        return line().list().ofMinSize(1).ofMaxSize(60);
    }

    private static byte[] toArray(List<Byte> l) {
        byte[] b = new byte[l.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = l.get(i);
        }
        return b;
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
