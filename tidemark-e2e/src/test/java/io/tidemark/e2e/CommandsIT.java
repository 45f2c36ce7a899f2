package io.tidemark.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every subcommand of {@code ./tidemark} as a user runs it, on small inputs, on the embedded engine. */
class CommandsIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final List<String> COMMANDS = List.of("run", "validate", "explain", "generate", "demo", "kafka-demo",
            "backfill", "reconcile", "bench", "help");

    @Test
    void helpListsEveryCommand(@TempDir Path work) throws Exception {
        String usage = Launcher.run(work.resolve("usage"), TIMEOUT, "--help").exits(0).out();
        assertThat(usage).startsWith("Usage: tidemark");
        COMMANDS.forEach(c -> assertThat(usage).containsPattern("(?m)^ +" + c + " "));
        assertThat(Launcher.run(work.resolve("help"), TIMEOUT, "help").exits(0).out()).isEqualTo(usage);
        assertThat(Launcher.run(work.resolve("help-run"), TIMEOUT, "help", "run").exits(0).out())
                .startsWith("Usage: tidemark run");
        assertThat(Launcher.run(work.resolve("none"), TIMEOUT).exits(2).err()).contains("a command is required");
    }

    @Test
    void benchHelpNamesTheBenchmarksOptions(@TempDir Path work) throws Exception {
        assertThat(Launcher.run(work.resolve("bench"), TIMEOUT, "bench", "--help").exits(0).out())
                .contains("Usage: tidemark bench").contains("usage: bench");
    }

    @Test
    void generateValidateRunOnAFile(@TempDir Path work) throws Exception {
        Path data = work.resolve("orders.jsonl");
        Launcher.run(work.resolve("generate"), TIMEOUT, "generate", "--keys", "3", "--rate", "5", "--duration", "10m",
                "--seed", "7", "-o", data.toString()).exits(0);
        assertThat(Files.readAllLines(data)).hasSize(3000);
        Path job = work.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "name: small",
                "source: {type: file, path: orders.jsonl, arrival-time-field: arrival}",
                "event-time: {field: eventTime, unit: ms}",
                "watermark: {strategy: bounded, max-out-of-orderness: 5s}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 1m}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                ""));
        assertThat(Launcher.run(work.resolve("validate"), TIMEOUT, "validate", job.toString()).exits(0).out())
                .contains("max-out-of-orderness").contains("5s");
        Launcher.Result run = Launcher.run(work.resolve("run"), TIMEOUT, "run", job.toString()).exits(0);
        assertThat(run.out()).containsPattern("accounted +3000 lines read = \\d+ in window results .*: OK");
        assertThat(Files.readAllLines(work.resolve("out/results.jsonl"))).hasSizeGreaterThanOrEqualTo(30);
    }

    /**
     * A job reading a socket with its monitor on: {@code explain} asks it why a window has not fired,
     * then Ctrl-C (SIGINT) stops it with exit code 130 and the summary; b's window, still open, is not
     * written (it was incomplete) and the summary counts its record.
     */
    @Test
    void explainAsksARunningJobThenCtrlCStopsIt(@TempDir Path work) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(60_000);
            Path job = work.resolve("live.yaml");
            Files.writeString(job, String.join("\n",
                    "name: live",
                    "source: {type: socket, host: 127.0.0.1, port: " + server.getLocalPort() + "}",
                    "event-time: {field: t, unit: ms}",
                    "watermark: {strategy: bounded, max-out-of-orderness: 1s, interval: 50ms}",
                    "key-by: [user]",
                    "window: {type: tumbling, size: 10s}",
                    "aggregate: [count]",
                    "output: {results: {type: jsonl, path: out/results.jsonl}}",
                    "monitoring: {port: 0}",
                    ""));
            Path runDir = work.resolve("run");
            Process run = Launcher.start(runDir, List.of(), "run", job.toString());
            try (Socket s = server.accept(); OutputStream in = s.getOutputStream()) {
                in.write(String.join("\n", "{\"user\":\"a\",\"t\":1000}", "{\"user\":\"a\",\"t\":2000}",
                        "{\"user\":\"b\",\"t\":12000}", "").getBytes(StandardCharsets.UTF_8));
                in.flush();
                Path results = work.resolve("out/results.jsonl");
                assertThat(await(() -> lines(results).size() == 1)).as("window [0, 10s) of a fired").isTrue();
                // the address is printed once the monitor listens, which may be after the first result
                Pattern address = Pattern.compile("monitor: (http://127\\.0\\.0\\.1:\\d+)/");
                assertThat(await(() -> address.matcher(readQuietly(Launcher.err(runDir))).find())).as("the monitor's address").isTrue();
                Matcher m = address.matcher(Files.readString(Launcher.err(runDir)));
                assertThat(m.find()).isTrue();

                Launcher.Result why = Launcher.run(work.resolve("explain"), TIMEOUT, "explain", "--monitor", m.group(1),
                        "--key", "b", "--window-start", "10000").exits(0);
                assertThat(why.out()).containsIgnoringCase("watermark");

                new ProcessBuilder("kill", "-INT", Long.toString(run.pid())).start().waitFor();
                assertThat(run.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as("stopped").isTrue();
            } finally {
                run.destroyForcibly();
            }
            String out = Files.readString(Launcher.out(runDir));
            assertThat(run.exitValue()).as(out + Files.readString(Launcher.err(runDir))).isEqualTo(130);
            assertThat(out).contains("Summary of 'live'").containsPattern("lines read +3")
                    .contains("1 window still open not written (1 record)")
                    .contains("3 lines read = 2 in window results + 0 late + 0 dead letters + 1 in open windows (not written): OK");
            assertThat(lines(work.resolve("out/results.jsonl"))).hasSize(1).allMatch(l -> l.contains("\"user\": \"a\""));
        }
    }

    private static List<String> lines(Path p) {
        try {
            return Files.exists(p) ? Files.readAllLines(p) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Polls {@code condition} every 20 ms for at most a minute. */
    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    private static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }
}
