package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping and failing: outputs as they come, signals, the dead-letter limit, a quiet socket, and the
 * accounting of merged sessions.
 */
class StoppingTest {

    @TempDir
    Path dir;

    static String socketJob(int port, String results, String... extra) {
        return String.join("\n",
                "source: {type: socket, host: 127.0.0.1, port: " + port + "}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "output:",
                "  results: " + results,
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                String.join("\n", extra),
                "");
    }

    /** A socket server that accepts one connection and hands out its stream. */
    static final class Feed implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0);
        final AtomicReference<Socket> socket = new AtomicReference<>();
        final Thread acceptor = new Thread(() -> {
            try {
                socket.set(server.accept());
            } catch (IOException ignored) {
                // closed
            }
        });

        Feed() throws IOException {
            acceptor.start();
        }

        int port() {
            return server.getLocalPort();
        }

        void send(String... lines) throws Exception {
            acceptor.join(60_000);
            OutputStream o = socket.get().getOutputStream();
            for (String l : lines) {
                o.write((l + "\n").getBytes(StandardCharsets.UTF_8));
            }
            o.flush();
        }

        @Override
        public void close() throws IOException {
            Socket s = socket.get();
            if (s != null) {
                s.close();
            }
            server.close();
        }
    }

    /** A live socket job: each firing reaches results.jsonl while the job runs, not at its end. */
    @Test
    void resultsReachTheirFileWhileTheJobRuns() throws Exception {
        try (Feed feed = new Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, socketJob(feed.port(), "{type: jsonl, path: out/results.jsonl}"));
            AtomicReference<CliHarness.Result> result = new AtomicReference<>();
            Thread runner = new Thread(() -> result.set(run("run", job.toString())));
            runner.start();
            feed.send(order("u1", 1000, "1"), order("u1", 2000, "1"), order("u1", 12_000, "1"));
            Path results = dir.resolve("out/results.jsonl");
            // the socket stays open: the firing at watermark 11999 must show up on its own
            assertThat(ChildCli.await(Duration.ofSeconds(30), () -> ChildCli.lines(results).size() == 1)).isTrue();
            assertThat(ChildCli.lines(results).get(0)).contains("\"count\": 2").contains("\"watermark\": 11999");
            feed.close();
            runner.join(60_000);
            result.get().assertOk();
            assertThat(ChildCli.lines(results)).hasSize(2);
        }
    }

    /**
     * SIGTERM mid-run, to a real process: the source stops, the windows still open are not written (they
     * were incomplete: written, they looked like final results, ON_TIME firing 1), every output ends in a
     * complete line, the summary counts the open windows' records in its accounting, exit code 143.
     */
    @Test
    void sigtermLeavesTheOpenWindowsUnwrittenAndCountsThem() throws Exception {
        String out = stopMidRun();
        assertThat(out).contains("stopped            by SIGTERM: the source stopped reading; 2 windows still open not written "
                        + "(2 records): they were incomplete (run --drain writes them, timing DRAINED)")
                .contains("window results     1 (on-time 1, late re-firings 0) for 1 windows")
                .contains("accounted          4 lines read = 1 in window results + 0 late + 1 dead letters + 2 in open windows "
                        + "(not written): OK");
        assertThat(ChildCli.lines(dir.resolve("out/results.jsonl"))).hasSize(1)
                .allMatch(l -> l.contains("\"userId\": \"u1\"") && l.contains("\"watermark\": 11999"));
    }

    /** With --drain, the windows still open at the stop are written, marked DRAINED, and counted so. */
    @Test
    void sigtermWithDrainWritesTheOpenWindowsMarkedDrained() throws Exception {
        String out = stopMidRun("--drain");
        assertThat(out).contains("stopped            by SIGTERM: the source stopped reading; 2 windows still open written "
                        + "with timing DRAINED (incomplete: their records so far)")
                .contains("window results     3 (on-time 1, late re-firings 0, drained 2) for 3 windows")
                .contains("accounted          4 lines read = 3 in window results + 0 late + 1 dead letters: OK");
        List<String> results = ChildCli.lines(dir.resolve("out/results.jsonl"));
        assertThat(results).hasSize(3);
        assertThat(results.stream().filter(l -> l.contains("\"timing\": \"DRAINED\""))).hasSize(2)
                .allMatch(l -> l.contains("\"window_start\": 10000") && l.contains("\"watermark\": 9223372036854775807"));
    }

    /** A socket job with two windows open (u1's and u2's from 10 s) and one fired, stopped by SIGTERM: its standard out. */
    private String stopMidRun(String... options) throws Exception {
        try (Feed feed = new Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, socketJob(feed.port(), "{type: jsonl, path: out/results.jsonl}", "dead-letter-limit: 100%"));
            List<String> args = new java.util.ArrayList<>(List.of("run"));
            args.addAll(List.of(options));
            args.add(job.toString());
            Process p = ChildCli.start(dir.resolve("err.txt"), List.of("-Xmx256m"), args.toArray(String[]::new));
            ByteArrayOutputStream stdout = new ByteArrayOutputStream();
            Thread reader = drain(p.getInputStream(), stdout);
            feed.send(order("u1", 1000, "1"), "not json", order("u1", 12_000, "2"), order("u2", 13_000, "3"));
            Path results = dir.resolve("out/results.jsonl");
            assertThat(ChildCli.await(Duration.ofSeconds(60), () -> ChildCli.lines(results).size() == 1)).isTrue();

            p.toHandle().destroy(); // SIGTERM (Process.destroy would also close our end of its standard out)
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            reader.join(10_000);
            String out = stdout.toString(StandardCharsets.UTF_8);
            String err = Files.readString(dir.resolve("err.txt"));
            assertThat(p.exitValue()).as(err + out).isEqualTo(143);
            assertThat(err).contains("SIGTERM: stopping");
            for (String f : List.of("results.jsonl", "dead.jsonl", "late.jsonl")) {
                assertThat(ChildCli.completeLines(dir.resolve("out").resolve(f))).as(f).isTrue();
            }
            return out;
        }
    }

    /** A second signal exits at once, even when the drain cannot finish (standard out nobody reads). */
    @Test
    void aSecondSignalExitsAtOnce() throws Exception {
        try (Feed feed = new Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, socketJob(feed.port(), "{type: stdout}"));
            Process p = ChildCli.start(dir.resolve("err.txt"), List.of("-Xmx256m"), "run", job.toString());
            String[] lines = new String[3000];
            for (int i = 0; i < lines.length; i++) {
                lines[i] = order("u" + i, 1000, "1"); // 3000 open windows, ~400 KB of results: more than a pipe holds
            }
            feed.send(lines);
            Path err = dir.resolve("err.txt");
            p.toHandle().destroy();
            assertThat(ChildCli.await(Duration.ofSeconds(60), () -> {
                try {
                    return Files.readString(err).contains("SIGTERM: stopping") || !p.isAlive();
                } catch (IOException e) {
                    return false;
                }
            })).isTrue();
            p.toHandle().destroy(); // the second one
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isEqualTo(143);
            assertThat(Files.readString(err)).contains("exiting now; the outputs end at their last complete line");
        }
    }

    private static Thread drain(InputStream in, ByteArrayOutputStream out) {
        Thread t = new Thread(() -> {
            try {
                in.transferTo(out);
            } catch (IOException ignored) {
                // the process ended
            }
        });
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Every record a dead letter (seconds where ms are declared): not exit 0, and the summary says why. */
    @Test
    void moreDeadLettersThanTheLimitIsExitCode3AndSaidSo() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1704067200L, "1"), order("u1", 1704067201L, "1"), order("u1", 1704067202L, "1"));
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, "source: {type: file, path: orders.jsonl}\nevent-time: {field: eventTime, unit: ms}\n"
                + "watermark: {strategy: none}\nwindow: {type: tumbling, size: 1m}\n"
                + "output: {results: {type: jsonl, path: out/r.jsonl}}\n");
        CliHarness.Result r = run("run", job.toString());
        assertThat(r.exitCode()).isEqualTo(3);
        assertThat(r.out()).contains("dead letters       3 (wrong-unit 3) — 100% of the records, more than dead-letter-limit 10%: exit code 3");
        Files.writeString(job, Files.readString(job) + "dead-letter-limit: 100%\n");
        assertThat(run("run", job.toString()).exitCode()).isZero();
    }

    /** A socket that stops sending: with read-timeout the input ends instead of waiting for ever. */
    @Test
    void aQuietSocketEndsAfterTheReadTimeout() throws Exception {
        try (Feed feed = new Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, socketJob(feed.port(), "{type: jsonl, path: out/results.jsonl}")
                    .replace("port: " + feed.port() + "}", "port: " + feed.port() + ", read-timeout: 300ms}"));
            AtomicReference<CliHarness.Result> result = new AtomicReference<>();
            Thread runner = new Thread(() -> result.set(run("run", job.toString())));
            runner.start();
            feed.send(order("u1", 1000, "1"));
            runner.join(60_000);
            assertThat(result.get()).isNotNull();
            result.get().assertOk();
            assertThat(result.get().out()).contains("input ended        no data for 300 ms (source.read-timeout)")
                    .contains("1 lines read = 1 in window results + 0 late + 0 dead letters: OK");
        }
    }

    /**
     * Gap 2s, lateness 5s: a session fired and was cleaned up; later sessions grew over its bounds. The
     * summary must not count it as absorbed (that was a MISMATCH), nor a later row's {@code replaces} name it.
     */
    @Test
    void aCleanedUpSessionInsideALaterSessionIsNotReplaced() throws Exception {
        write(dir, "orders.jsonl",
                order("u1", 0, "1"),       // A [0, 2000)
                order("u1", 1000, "1"),    // A [0, 3000)
                order("u1", 9000, "1"),    // watermark 8999: A fired at 2999, cleaned at 2999 + 5000
                order("u1", 2800, "1"),    // B [2800, 4800): not late (4799 + 5000 > 8999), fires at once
                order("u1", 900, "1"),     // B grows to [900, 4800)
                order("u1", -500, "1"));   // and to [-500, 4800): over A's bounds, but A's records are not in it
        Path job = CliHarness.job(dir, "strategy: bounded\nmax-out-of-orderness: 0s\nemit: per-event", "type: session\ngap: 2s",
                "allowed-lateness: 5s");
        CliHarness.Result r = run("run", job.toString()).assertOk();
        List<String> results = CliHarness.lines(dir.resolve("out/results.jsonl"));
        assertThat(results).anyMatch(l -> l.contains("\"window_start\": 0, \"window_end\": 3000") && l.contains("\"replaces\": []"))
                .anyMatch(l -> l.contains("\"window_start\": 900, \"window_end\": 4800") && l.contains("\"replaces\": [[2800, 4800]]"))
                .anyMatch(l -> l.contains("\"window_start\": -500, \"window_end\": 4800") && l.contains("\"count\": 3")
                        && l.contains("\"replaces\": [[900, 4800]]"));
        assertThat(r.out()).contains("6 lines read = 6 in window results + 0 late + 0 dead letters: OK")
                .contains("for 3 windows");
    }
}
