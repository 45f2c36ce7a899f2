package io.tidemark.flink.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.Main;
import io.tidemark.flink.SharedMiniCluster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command's guarantees where the engine decides, on Flink as on the embedded engine: the time
 * guards, records in no window, bad bytes, merged sessions' {@code replaces} and the accounting give
 * the same files and the same summary rows; SIGTERM stops a job running on Flink. Runs on the shared
 * MiniCluster (through its REST port) except the signal test, a child JVM with its own.
 */
class CliGuaranteesOnFlinkTest {

    static final long B = 1704067200000L;
    static final long H = 3_600_000L;

    @TempDir
    Path dir;

    static String order(String user, long t) {
        return "{\"userId\":\"" + user + "\",\"eventTime\":" + t + ",\"amount\":1}";
    }

    /** Runs {@code window} over {@code lines} on both engines and checks they wrote the same and counted the same. */
    private void sameOnBothEngines(String window, String lateness, byte[] data) throws Exception {
        String master = SharedMiniCluster.options().getHost() + ":" + SharedMiniCluster.options().getPort();
        List<String> summaries = new ArrayList<>();
        List<List<List<String>>> files = new ArrayList<>();
        for (String engine : List.of("embedded", "flink")) {
            Path d = Files.createDirectories(dir.resolve(engine + "-" + Math.abs(window.hashCode())));
            Files.write(d.resolve("orders.jsonl"), data);
            Path job = d.resolve("job.yaml");
            Files.writeString(job, String.join("\n",
                    "source: {type: file, path: orders.jsonl}",
                    "event-time: {field: eventTime}",
                    "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                    "key-by: [userId]",
                    "window: " + window,
                    "allowed-lateness: " + lateness,
                    "output:",
                    "  results: {type: jsonl, path: out/results.jsonl}",
                    "  late: {type: jsonl, path: out/late.jsonl}",
                    "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                    "dead-letter-limit: 100%",
                    ""));
            CliOnFlinkTest.Run r = engine.equals("embedded") ? CliOnFlinkTest.cli("run", job.toString())
                    : CliOnFlinkTest.cli("run", "--engine", "flink", "--flink-master", master, job.toString());
            summaries.add(rows(r.out()));
            List<List<String>> outputs = new ArrayList<>();
            for (String f : List.of("results.jsonl", "late.jsonl", "dead.jsonl")) {
                List<String> l = new ArrayList<>();
                for (String line : Files.readAllLines(d.resolve("out").resolve(f))) {
                    l.add(line.replace(d.toString(), "DIR"));
                }
                Collections.sort(l);
                outputs.add(l);
            }
            files.add(outputs);
        }
        assertThat(files.get(1)).isEqualTo(files.get(0));
        assertThat(summaries.get(1)).isEqualTo(summaries.get(0)).contains(": OK");
    }

    private static String rows(String summary) {
        StringBuilder sb = new StringBuilder();
        for (String l : summary.lines().toList()) {
            for (String row : List.of("lines read", "window results", "late records", "dead letters", "accounted")) {
                if (l.startsWith("  " + row + " ")) {
                    sb.append(l.strip()).append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static byte[] lines(String... lines) {
        return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void timeGuardsBadBytesAndNoWindowRecordsTheSameOnFlink() throws Exception {
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        data.write(lines(order("u1", B + 365 * 24 * H), order("u1", B), order("u2", B + 1000), order("u1", B + 6000)));
        data.write(new byte[] {'{', (byte) 0xff, '}', '\n'});
        data.write(lines("{\"userId\":\"u1\",\"eventTime\":1e100000000,\"amount\":1}", "",
                order("u1", B + 2 * H), order("u2", B + 2 * H + 1000), order("u1", B + 2 * H + 12_000), order("u1", B + 3000)));
        sameOnBothEngines("{type: sliding, size: 5s, slide: 10s}", "0s", data.toByteArray());
        sameOnBothEngines("{type: tumbling, size: 10s}", "2s", data.toByteArray());
    }

    @Test
    void mergedSessionsReplaceTheSameRowsOnFlink() throws Exception {
        sameOnBothEngines("{type: session, gap: 2s}", "5s", lines(order("u1", 0), order("u1", 1000), order("u1", 9000),
                order("u1", 2800), order("u1", 900), order("u1", -500), order("u2", 100), order("u1", 20_000),
                order("u2", 3000), order("u2", 1500)));
    }

    /**
     * SIGTERM to a command running its job on Flink (a local MiniCluster in the child): the windows still
     * open are not written — as Flink's stop without --drain — their records counted; summarized, 143.
     */
    @Test
    void sigtermStopsAJobOnFlinkWithoutWritingItsOpenWindows() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, String.join("\n",
                    "source: {type: socket, host: 127.0.0.1, port: " + server.getLocalPort() + "}",
                    "event-time: {field: eventTime}",
                    "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                    "key-by: [userId]",
                    "window: {type: tumbling, size: 10s}",
                    "output: {results: {type: jsonl, path: out/results.jsonl}}",
                    ""));
            List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
                    "-cp", System.getProperty("java.class.path"), Main.class.getName(), "run", "--engine", "flink", job.toString());
            Process p = new ProcessBuilder(cmd).redirectError(dir.resolve("err.txt").toFile()).start();
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            Thread reader = new Thread(() -> {
                try {
                    p.getInputStream().transferTo(stdout);
                } catch (IOException ignored) {
                    // ended
                }
            });
            reader.start();
            try (Socket s = server.accept(); OutputStream o = s.getOutputStream()) {
                o.write(lines(order("u1", 1000), order("u1", 12_000), order("u2", 13_000)));
                o.flush();
                Path results = dir.resolve("out/results.jsonl");
                long deadline = System.nanoTime() + 120_000_000_000L;
                while (System.nanoTime() < deadline && (!Files.exists(results) || Files.readAllLines(results).isEmpty())) {
                    Thread.sleep(50); // a bounded poll on the child's output file
                }
                assertThat(Files.readAllLines(results)).hasSize(1);
                p.toHandle().destroy(); // SIGTERM
                assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
            }
            reader.join(10_000);
            String out = stdout.toString(StandardCharsets.UTF_8);
            assertThat(p.exitValue()).as(Files.readString(dir.resolve("err.txt")) + out).isEqualTo(143);
            assertThat(out).contains("engine             flink (local MiniCluster)").contains("stopped            by SIGTERM")
                    .contains("2 windows still open not written (2 records)")
                    .contains("accounted          3 lines read = 1 in window results + 0 late + 0 dead letters + 2 in open windows "
                            + "(not written): OK");
            assertThat(Files.readAllLines(dir.resolve("out/results.jsonl"))).hasSize(1)
                    .allMatch(l -> l.contains("\"watermark\": 11999"));
        }
    }
}
