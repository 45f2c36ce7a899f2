package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitor page in a real browser while a socket job runs: Debian's chromium, driven by
 * playwright-core from node ({@code src/test/browser/monitor-page.mjs}), loads the page of
 * {@code tidemark run --monitor-port 0}, sees the watermark chart of the job's splits, sees it change
 * when the test sends more records, and asks the page's form why a window has not fired (split d2 went
 * silent without idleness: it holds the watermark back).
 *
 * <p>Needs /usr/bin/chromium (.ci/run installs Debian's {@code chromium}) and node; the test installs
 * the pinned playwright-core ({@code npm ci}) when {@code node_modules} is missing.
 */
class MonitorPageBrowserTest {

    static final Path BROWSER = Path.of("src/test/browser");
    /** The page as the browser drew it, for a person to look at after the build. */
    static final Path SCREENSHOT = Path.of("target/monitor-page.png");

    @TempDir
    Path dir;

    @Test
    void pageLoadsAndItsChartsChangeWhileASocketJobRuns() throws Exception {
        assertThat(Path.of("/usr/bin/chromium")).as("Debian's chromium (apt-get install chromium, as .ci/run does)").exists();
        installPlaywright();
        try (StoppingTest.Feed feed = new StoppingTest.Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, String.join("\n",
                    "name: browser-job",
                    "source: {type: socket, host: 127.0.0.1, port: " + feed.port() + ", partition-field: device}",
                    "event-time: {field: eventTime}",
                    "watermark: {strategy: bounded, max-out-of-orderness: 1s, emit: per-event}",
                    "key-by: [userId]",
                    "window: {type: tumbling, size: 10s}",
                    "output:",
                    "  results: {type: jsonl, path: out/results.jsonl}",
                    "  late: {type: jsonl, path: out/late.jsonl}",
                    "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                    "dead-letter-limit: 100%",
                    ""));
            MonitoredRun run = new MonitoredRun("run", "--monitor-port", "0", job.toString());
            long t = 1_700_000_000_000L;
            feed.send(line("d2", "u2", t), line("d1", "u1", t + 1000), line("d1", "u1", t + 2000), "not json");

            Process node = new ProcessBuilder("node", "monitor-page.mjs", run.url, dir.resolve("chromium-profile").toString(),
                    SCREENSHOT.toAbsolutePath().toString(), "u1", String.valueOf(t))
                    .directory(BROWSER.toFile()).redirectErrorStream(true).start();
            List<String> said = new ArrayList<>();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
                    OutputStream in = node.getOutputStream()) {
                String ready = expect(out, "READY", said);
                assertThat(ready).contains("source[0] d1").contains("source[0] d2");
                feed.send(line("d1", "u1", t + 15_000), line("d1", "u1", t + 25_000));
                in.write("sent\n".getBytes(StandardCharsets.UTF_8));
                in.flush();
                String changed = expect(out, "CHANGED", said);
                String[] legends = changed.split(" => ");
                assertThat(legends[1]).isNotEqualTo(legends[0]);
                // d1 moved to the newest record − 1 s − 1 ms; d2, silent, holds the window of u1 back
                assertThat(legends[1]).contains("d1 " + page(t + 25_000 - 1000 - 1));
                assertThat(expect(out, "EXPLAINED", said)).isEqualTo("held_back_by_input");
                for (String l = out.readLine(); l != null; l = out.readLine()) {
                    said.add(l); // a failure after the last step (errors on the page)
                }
            } finally {
                assertThat(node.waitFor(60, TimeUnit.SECONDS)).isTrue();
            }
            assertThat(node.exitValue()).as("node said: " + said).isZero();
            assertThat(SCREENSHOT).isNotEmptyFile();
            feed.close();
            assertThat(run.exitCode()).as(run.err()).isZero();
        }
    }

    /** A record of {@code user} from split {@code device} at event time {@code t}. */
    static String line(String device, String user, long t) {
        return order(user, t, "1").replace("{", "{\"device\":\"" + device + "\",");
    }

    /** An event time as the page writes it: {@code yyyy-MM-dd HH:mm:ss} (UTC) for axis and legend is HH:mm:ss. */
    static String page(long t) {
        return java.time.Instant.ofEpochMilli(t).toString().substring(11, 19);
    }

    /** Reads node's lines until one starts with {@code word}; returns the rest of it. */
    static String expect(BufferedReader out, String word, List<String> said) throws IOException {
        String l;
        while ((l = out.readLine()) != null) {
            said.add(l);
            if (l.startsWith("FAILED")) {
                throw new AssertionError("the page test failed: " + said);
            }
            if (l.startsWith(word + " ")) {
                return l.substring(word.length() + 1);
            }
        }
        throw new AssertionError("node ended before " + word + ": " + said);
    }

    /** {@code npm ci} of the pinned playwright-core, once (it downloads no browser). */
    static void installPlaywright() throws IOException, InterruptedException {
        if (Files.isDirectory(BROWSER.resolve("node_modules/playwright-core"))) {
            return;
        }
        Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(BROWSER.toFile())
                .redirectErrorStream(true).start();
        String out = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(npm.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(npm.exitValue()).as("npm ci in " + BROWSER + ":\n" + out).isZero();
    }
}
