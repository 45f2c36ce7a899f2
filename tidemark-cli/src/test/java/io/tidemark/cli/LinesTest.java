package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a line is, and that every line read ends somewhere: bad bytes, odd characters, huge numbers,
 * stray carriage returns, byte-order marks, blank lines, CSV without a header — on the file and the
 * socket source.
 */
class LinesTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A job reading {@code source} (a YAML flow mapping), per-event watermarks, tumbling 10 s, every output to a file. */
    private Path job(String source, String... extra) throws Exception {
        String yaml = String.join("\n",
                "source: " + source,
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                "dead-letter-limit: 100%",
                String.join("\n", extra),
                "");
        Path p = dir.resolve("job.yaml");
        Files.writeString(p, yaml);
        return p;
    }

    private Path bytes(String name, byte[]... lines) throws Exception {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (byte[] l : lines) {
            b.write(l);
        }
        Path p = dir.resolve(name);
        Files.write(p, b.toByteArray());
        return p;
    }

    private static byte[] line(String s) {
        return (s + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static String order(String user, long t, String amount) {
        return CliHarness.order(user, t, amount);
    }

    private List<JsonNode> json(Path p) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String l : lines(p)) {
            out.add(JSON.readTree(l));
        }
        return out;
    }

    /** Every output file is valid UTF-8 (strictly decoded) and each of its lines valid JSON. */
    private void validUtf8Json(Path p) throws Exception {
        byte[] b = Files.readAllBytes(p);
        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b));
        json(p);
    }

    @Test
    void aLineThatIsNotUtf8IsADeadLetterKeepingItsBytesAndTheJobGoesOn() throws Exception {
        byte[] latin1 = "{\"userId\":\"Jos\u00e9\",\"eventTime\":2000,\"amount\":1}\n".getBytes(StandardCharsets.ISO_8859_1);
        bytes("orders.jsonl", line(order("u1", 1000, "1")), latin1, line(order("u1", 3000, "2")), line(order("u1", 12000, "4")));
        CliHarness.Result r = run("run", job("{type: file, path: orders.jsonl}").toString()).assertOk();

        List<JsonNode> dead = json(dir.resolve("out/dead.jsonl"));
        assertThat(dead).hasSize(1);
        JsonNode d = dead.get(0);
        assertThat(d.get("reason").asText()).isEqualTo("invalid-encoding");
        assertThat(d.get("line").asLong()).isEqualTo(2);
        assertThat(d.get("detail").asText()).contains("byte 15 (0xe9) is not UTF-8");
        assertThat(d.get("text").asText()).isEqualTo("{\"userId\":\"Jos\uFFFD\",\"eventTime\":2000,\"amount\":1}");
        // the exact bytes are recoverable
        byte[] kept = Base64.getDecoder().decode(d.get("bytes").asText());
        assertThat(new String(kept, StandardCharsets.ISO_8859_1) + "\n").isEqualTo(new String(latin1, StandardCharsets.ISO_8859_1));
        assertThat(lines(dir.resolve("out/results.jsonl"))).hasSize(2).first().asString().contains("\"count\": 2");
        assertThat(r.out()).contains("accounted          4 lines read = 3 in window results + 0 late + 1 dead letters: OK");
    }

    @Test
    void theSocketSourceReadsBytesTooAndKeepsLineNumbers() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            Thread feeder = new Thread(() -> {
                try (Socket s = server.accept(); OutputStream o = s.getOutputStream()) {
                    o.write(line(order("u1", 1000, "1")));
                    o.write(new byte[] {'{', (byte) 0xff, '}', '\n'});
                    o.write(line("{\"userId\":\"u1\",\r\"eventTime\":2000,\"amount\":2}")); // a \r inside a line stays in it
                    o.write(line(order("u1", 12000, "4")));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            feeder.start();
            CliHarness.Result r = run("run", job("{type: socket, host: 127.0.0.1, port: " + server.getLocalPort() + "}").toString())
                    .assertOk();
            feeder.join();
            JsonNode d = json(dir.resolve("out/dead.jsonl")).get(0);
            assertThat(d.get("reason").asText()).isEqualTo("invalid-encoding");
            assertThat(d.get("line").asLong()).isEqualTo(2);
            assertThat(Base64.getDecoder().decode(d.get("bytes").asText())).containsExactly('{', 0xff, '}');
            assertThat(lines(dir.resolve("out/results.jsonl")).get(0)).contains("\"count\": 2, \"sum_amount\": 3");
            assertThat(r.out()).contains("accounted          4 lines read = 3 in window results + 0 late + 1 dead letters: OK");
        }
    }

    @Test
    void everyOutputLineIsValidUtf8JsonWhateverTheInputHeld() throws Exception {
        bytes("orders.jsonl",
                line("{\"userId\":\"u\uD83D\uDE00\",\"eventTime\":1000,\"amount\":1}"),   // an emoji in a key: fine
                line("{\"userId\":\"u1\",\"eventTime\":1000,\"amount\":1} \uD83D\uDE00"),  // an emoji where JSON rejects it
                line("{\"userId\":\"\\ud800\",\"eventTime\":2000,\"amount\":1}"),           // an escaped lone surrogate
                line("{\"userId\":\"x\",\"eventTime\":\"\\udfff\",\"amount\":1}"));         // one in a detail
        Path job = job("{type: file, path: orders.jsonl}");
        run("run", job.toString()).assertOk();
        for (String f : List.of("results.jsonl", "dead.jsonl")) {
            validUtf8Json(dir.resolve("out").resolve(f));
        }
        assertThat(json(dir.resolve("out/results.jsonl"))).extracting(n -> n.get("key").get("userId").asText())
                .containsExactlyInAnyOrder("u\uD83D\uDE00", "\uD800");
        assertThat(json(dir.resolve("out/dead.jsonl"))).extracting(n -> n.get("reason").asText())
                .containsExactly("unparsable", "bad-event-time");
        // CSV outputs too (no escapes there: U+FFFD)
        Files.writeString(job, Files.readString(job).replace("results: {type: jsonl, path: out/results.jsonl}",
                "results: {type: csv, path: out/results.csv}"));
        run("run", job.toString()).assertOk();
        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(Files.readAllBytes(dir.resolve("out/results.csv"))));
        assertThat(lines(dir.resolve("out/results.csv"))).anyMatch(l -> l.startsWith("\uFFFD,"));
    }

    @Test
    void hugeNumbersAreDeadLettersAtOnceNeverAHang() throws Exception {
        String[] data = {
            order("u1", 1000, "1"),
            "{\"userId\":\"u1\",\"eventTime\":1e100000000,\"amount\":1}",
            "{\"userId\":\"u1\",\"eventTime\":2000,\"amount\":1e100000000}",
            "{\"userId\":\"u1\",\"eventTime\":2000,\"amount\":1e-100000000}",
            "{\"userId\":\"u1\",\"eventTime\":\"1e100000000\",\"amount\":1}",
            "{\"userId\":1e100000000,\"eventTime\":2000,\"amount\":1}",
            "{\"p\":\"a\",\"arrival\":1e100000000,\"userId\":\"u1\",\"eventTime\":2000,\"amount\":1}",
            order("u1", 3000, "2")};
        List<String> withArrival = new ArrayList<>();
        for (String d : data) {
            withArrival.add(d.contains("arrival") ? d : d.replace("{\"userId\"", "{\"p\":\"a\",\"arrival\":5000,\"userId\""));
        }
        CliHarness.write(dir, "orders.jsonl", withArrival.toArray(new String[0]));
        Path job = job("{type: file, path: orders.jsonl, arrival-time-field: arrival}");
        CliHarness.Result r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> run("run", job.toString())); // a hang guard
        r.assertOk();
        assertThat(json(dir.resolve("out/dead.jsonl"))).extracting(n -> n.get("line").asInt() + " " + n.get("reason").asText())
                .containsExactly("2 bad-event-time", "3 number-out-of-range", "4 number-out-of-range", "5 bad-event-time",
                        "6 number-out-of-range", "7 bad-arrival-time");
        assertThat(lines(dir.resolve("out/results.jsonl"))).singleElement().asString().contains("\"count\": 2, \"sum_amount\": 3");
        assertThat(r.out()).contains("accounted          8 lines read = 2 in window results + 0 late + 6 dead letters: OK");
    }

    @Test
    void linesEndAtNewlineOnlyAndEveryLineIsAccountedFor() throws Exception {
        bytes("orders.jsonl",
                new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},              // a byte-order mark: skipped
                line(order("u1", 1000, "1")),                                     // 1
                line("{\"userId\":\"u1\",\"eventTime\":2000,\r\"amount\":2}\r"),  // 2: a lone \r inside, \r\n at the end
                line(""),                                                         // 3: empty: a counted skip
                line("   \t"),                                                    // 4: blank
                line("\u00a0\u2003\u3000"),                                       // 5: Unicode spaces: blank
                line("\u0001\u0002\u200b"),                                       // 6: control and format characters: blank
                line("{\"userId\":\"u1\",\"eventTime\":3000}"),                   // 7: amount missing
                "{\"userId\":\"u1\",\"eventTime\":4000,\"amount\":4}".getBytes(StandardCharsets.UTF_8)); // 8, no \n
        CliHarness.Result r = run("run", job("{type: file, path: orders.jsonl}").toString()).assertOk();
        assertThat(lines(dir.resolve("out/results.jsonl"))).singleElement().asString().contains("\"count\": 3, \"sum_amount\": 7");
        assertThat(json(dir.resolve("out/dead.jsonl"))).extracting(n -> n.get("line").asInt() + " " + n.get("reason").asText())
                .containsExactly("4 blank", "5 blank", "6 blank", "7 missing-field");
        assertThat(r.out()).contains("lines read         8 (1 empty, skipped)")
                .contains("accounted          8 lines read = 3 in window results + 0 late + 4 dead letters + 1 empty: OK");
    }

    @Test
    void aLineLongerThanTheLimitIsADeadLetterWithItsFirstBytes() throws Exception {
        String longLine = "{\"userId\":\"u1\",\"pad\":\"" + "x".repeat(3000) + "\",\"eventTime\":1000,\"amount\":1}";
        CliHarness.write(dir, "orders.jsonl", order("u1", 1000, "1"), longLine, order("u1", 2000, "2"));
        run("run", job("{type: file, path: orders.jsonl, max-line-length: 1KiB}").toString()).assertOk();
        JsonNode d = json(dir.resolve("out/dead.jsonl")).get(0);
        assertThat(d.get("reason").asText()).isEqualTo("line-too-long");
        assertThat(d.get("line").asInt()).isEqualTo(2);
        assertThat(d.get("detail").asText()).contains("has " + longLine.length() + " bytes");
        assertThat(Base64.getDecoder().decode(d.get("bytes").asText())).hasSize(1024);
        assertThat(lines(dir.resolve("out/results.jsonl"))).singleElement().asString().contains("\"count\": 2");
    }

    /** The tutorials' {@code a,1,1000} lines over a socket: CSV without a header, the columns named in the job file. */
    @Test
    void csvWithoutAHeaderOverASocket() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            Thread feeder = new Thread(() -> {
                try (Socket s = server.accept(); OutputStream o = s.getOutputStream()) {
                    for (String l : new String[] {"a,1,1000", "a,2,2000", "b,5,3000", "a,1,12000"}) {
                        o.write(line(l));
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            feeder.start();
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, String.join("\n",
                    "source: {type: socket, host: 127.0.0.1, port: " + server.getLocalPort() + ", format: csv, columns: [word, count, ts]}",
                    "event-time: {field: ts}",
                    "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                    "key-by: word",
                    "window: {type: tumbling, size: 10s}",
                    "aggregate: [{sum: count}]",
                    "output: {results: {type: csv, path: out/r.csv}}",
                    ""));
            CliHarness.Result r = run("run", job.toString()).assertOk();
            feeder.join();
            assertThat(lines(dir.resolve("out/r.csv"))).containsExactly(
                    "word,window_start,window_end,sum_count,timing,firing,watermark",
                    "a,0,10000,3,ON_TIME,1,11999", "b,0,10000,5,ON_TIME,1,11999",
                    "a,10000,20000,1,ON_TIME,1,9223372036854775807");
            assertThat(r.out()).contains("accounted          4 lines read = 4 in window results + 0 late + 0 dead letters: OK");
        }
    }

    /** A late file of a CSV input is CSV with the input's header: a correction job reads it back. */
    @Test
    void theLateOutputOfACsvInputCanBeReadBackAsInput() throws Exception {
        CliHarness.write(dir, "orders.csv", "userId,eventTime,amount", "u1,1000,1", "u1,12000,2", "u1,2000,5", "\"u,2\",3000,7");
        Path job = dir.resolve("job.yaml");
        String yaml = String.join("\n",
                "source: {type: file, path: INPUT}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "key-by: userId",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count, {sum: amount}]",
                "output: {results: {type: csv, path: out/RESULTS}, late: {type: csv, path: out/late.csv}}",
                "");
        Files.writeString(job, yaml.replace("INPUT", "orders.csv").replace("RESULTS", "results.csv"));
        run("run", job.toString()).assertOk();
        assertThat(lines(dir.resolve("out/late.csv"))).containsExactly("userId,eventTime,amount", "u1,2000,5", "\"u,2\",3000,7");

        // the correction job: the late file as input
        Path correction = dir.resolve("correction.yaml");
        Files.writeString(correction, yaml.replace("INPUT", "out/late.csv").replace("RESULTS", "corrections.csv")
                .replace(", late: {type: csv, path: out/late.csv}", ""));
        CliHarness.Result r = run("run", correction.toString()).assertOk();
        assertThat(lines(dir.resolve("out/corrections.csv"))).containsExactlyInAnyOrder(
                "userId,window_start,window_end,count,sum_amount,timing,firing,watermark",
                "u1,0,10000,1,5,ON_TIME,1,9223372036854775807", "\"u,2\",0,10000,1,7,ON_TIME,1,9223372036854775807");
        assertThat(r.out()).contains("3 lines read = 2 in window results + 0 late + 0 dead letters + 1 header: OK");
    }
}
