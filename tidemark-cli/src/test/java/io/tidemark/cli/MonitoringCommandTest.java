package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command's monitoring: the job file's {@code monitoring} keys, the metrics of a running socket job
 * by name (dead letters by reason included), {@code tidemark explain} against it, and the mistakes
 * named by key.
 */
class MonitoringCommandTest {

    @TempDir
    Path dir;

    @Test
    void jobFileMonitoringServesTheRunningJobAndExplainAsksIt() throws Exception {
        try (StoppingTest.Feed feed = new StoppingTest.Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, StoppingTest.socketJob(feed.port(), "{type: jsonl, path: out/results.jsonl}",
                    "dead-letter-limit: 100%", "monitoring: {port: 0, bind: 127.0.0.1}"));
            MonitoredRun running = new MonitoredRun("run", job.toString());
            // three records: a live source's time guard holds a jump until three records confirm it
            feed.send(CliHarness.order("u1", 1000, "1"), CliHarness.order("u1", 2000, "1"), CliHarness.order("u1", 3000, "1"),
                    "not json");
            HttpClient http = HttpClient.newHttpClient();
            String[] metrics = new String[1];
            assertThat(ChildCli.await(Duration.ofSeconds(30), () -> {
                try {
                    metrics[0] = http.send(HttpRequest.newBuilder(URI.create(running.url + "metrics")).build(),
                            HttpResponse.BodyHandlers.ofString()).body();
                } catch (Exception e) {
                    return false;
                }
                return metrics[0].contains("tidemark_deadLetters_total{job_name=\"job\",reason=\"unparsable\"} 1.0")
                        && metrics[0].contains("tidemark_operator_numRecordsIn_total{job_name=\"job\",operator_name=\"window\",subtask_index=\"0\"} 3.0");
            })).as(metrics[0]).isTrue();
            assertThat(metrics[0]).contains("tidemark_operator_currentInputWatermark{job_name=\"job\",operator_name=\"window\"")
                    .contains("tidemark_split_currentWatermark{").contains("tidemark_operator_openWindows{")
                    .contains("tidemark_watermark_maxOutOfOrdernessMs{");

            CliHarness.Result why = run("explain", "--monitor", running.url, "--key", "u1", "--window-start", "1970-01-01T00:00:00Z");
            why.assertOk();
            // the socket stays open: window [0, 10 s) of u1 waits for event time to pass its end
            assertThat(why.out()).startsWith("waiting_for_event_time: the window holds records")
                    .contains("ok       timestamps and watermarks assigned");
            // --port, as run's --monitor-port names it; the key as typed, not as the engine holds it (["u2"])
            String port = running.url.replaceAll(".*:(\\d+)/?$", "$1");
            CliHarness.Result none = run("explain", "--port", port, "--key", "u2", "--window-start", "0");
            none.assertOk();
            assertThat(none.out()).contains("key 'u2'").doesNotContain("[\"u2\"]");
            feed.close();
            assertThat(running.exitCode()).as(running.err()).isZero();
        }
        assertThat(run("explain", "--monitor", "http://127.0.0.1:1", "--key", "u1", "--window-start", "0").exitCode())
                .isEqualTo(Main.FAILED);
    }

    @Test
    void mistakesAreNamedByKey() throws Exception {
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, StoppingTest.socketJob(1, "{type: stdout}", "monitoring: {bind: 127.0.0.1}"));
        assertThat(run("validate", job.toString()).err()).contains("monitoring.port");
        Files.writeString(job, StoppingTest.socketJob(1, "{type: stdout}", "monitoring: {port: 9249, bind: no.such.host.invalid}"));
        CliHarness.Result r = run("validate", job.toString());
        assertThat(r.exitCode()).isEqualTo(Main.USAGE);
        assertThat(r.err()).contains("monitoring.bind");
        assertThat(run("run", "--monitor-port", "70000", job.toString()).err()).contains("--monitor-port");
    }
}
