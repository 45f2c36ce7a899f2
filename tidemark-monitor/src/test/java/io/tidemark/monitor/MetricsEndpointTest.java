package io.tidemark.monitor;

import static io.tidemark.monitor.MonitorJobs.await;
import static io.tidemark.monitor.MonitorJobs.get;
import static io.tidemark.monitor.MonitorJobs.metric;
import static io.tidemark.monitor.MonitorJobs.value;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSplitSource;
import io.tidemark.time.ManualClock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The monitor of a running job: its Prometheus endpoint holds, by name, every metric the docs list,
 * with the values the job's state gives; the JSON API and the page answer; it listens on the loopback
 * unless another address is configured.
 */
class MetricsEndpointTest {

    /** Two splits: p1 goes silent and idle (500 ms), p0 fires window [0, 10 s) of k, then a late record. */
    static final class Running implements AutoCloseable {
        final ManualClock clock = new ManualClock(0);
        final CountDownLatch release = new CountDownLatch(1);
        final JobClient job;

        Running(String name) throws Exception {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
            env.getConfig().setPerEventWatermarks(true);
            ScriptedSplitSource<String[]> source = new ScriptedSplitSource<String[]>(clock)
                    .record("p0", new String[] {"k", "1000"}, 1000)
                    .record("p1", new String[] {"k", "2000"}, 2000)
                    .at(300).record("p0", new String[] {"j", "3000"}, 3000)
                    .at(600).record("p0", new String[] {"j", "4000"}, 4000)
                    .at(1200).record("p0", new String[] {"k", "15000"}, 15000)
                    .record("p0", new String[] {"k", "3000"}, 3000)
                    .step(MonitorJobs.blockOn(release));
            env.fromSource(source, WatermarkStrategy.<String[]>forMonotonousTimestamps().withIdleness(Duration.ofMillis(500)), "source")
                    .keyBy(r -> r[0])
                    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                    .aggregate(new MonitorJobs.Count<>())
                    .name("window")
                    .addSink(new CollectSink<>());
            job = env.executeAsync(name);
            await("the script's six records in the window operator", () -> metric(job, "window", SubtaskMetrics.NUM_RECORDS_IN) == 6);
        }

        @Override
        public void close() throws Exception {
            release.countDown();
            job.getJobExecutionResult();
        }
    }

    @Test
    void prometheusEndpointHoldsEveryMetricByName() throws Exception {
        try (Running r = new Running("metrics-test");
                JobMonitor monitor = JobMonitor.start(r.job, MonitorOptions.port(0).deadLetters(() -> Map.of("bad-json", 2L)), r.clock)) {
            HttpResponse<String> res = get("http://127.0.0.1:" + monitor.port() + "/metrics");
            assertThat(res.statusCode()).isEqualTo(200);
            String t = res.body();
            String window = "operator_name=\"window\"";
            String job = "job_name=\"metrics-test\"";
            assertThat(value(t, "tidemark_operator_currentInputWatermark", job, window, "subtask_index=\"0\"")).isEqualTo(14999);
            assertThat(value(t, "tidemark_operator_currentOutputWatermark", window)).isEqualTo(14999);
            assertThat(value(t, "tidemark_operator_watermarkLag", window)).isEqualTo(1200 - 14999);
            assertThat(value(t, "tidemark_operator_numRecordsIn_total", window)).isEqualTo(6);
            assertThat(value(t, "tidemark_operator_numRecordsOut_total", window)).isEqualTo(2); // [0, 10 s) of k and of j fired
            assertThat(value(t, "tidemark_operator_numLateRecordsDropped_total", window)).isEqualTo(1);
            assertThat(value(t, "tidemark_operator_numLateRecordsSideOutput_total", window)).isZero();
            assertThat(value(t, "tidemark_operator_numWindowFirings_total", window)).isEqualTo(2);
            assertThat(value(t, "tidemark_operator_openWindows", window)).isEqualTo(1); // [10 s, 20 s) of k
            assertThat(value(t, "tidemark_operator_stateSize", window)).isEqualTo(1);
            assertThat(value(t, "tidemark_operator_idle", "operator_name=\"source\"")).isZero();
            assertThat(value(t, "tidemark_split_currentWatermark", "split=\"p0\"")).isEqualTo(14999);
            assertThat(value(t, "tidemark_split_currentWatermark", "split=\"p1\"")).isEqualTo(1999);
            assertThat(value(t, "tidemark_split_idle", "split=\"p1\"")).isEqualTo(1);
            assertThat(value(t, "tidemark_split_idle", "split=\"p0\"")).isZero();
            assertThat(value(t, "tidemark_split_idleTime", "split=\"p1\"")).isEqualTo(0); // idle since 1200, now 1200
            assertThat(value(t, "tidemark_split_holdingBack", "split=\"p0\"")).isEqualTo(1);
            assertThat(value(t, "tidemark_split_watermarkLag", "split=\"p0\"")).isEqualTo(1200 - 14999);
            assertThat(value(t, "tidemark_deadLetters_total", job, "reason=\"bad-json\"")).isEqualTo(2);

            r.clock.advanceTo(4200); // p1 idle for 3 s now
            assertThat(value(get("http://127.0.0.1:" + monitor.port() + "/metrics").body(), "tidemark_split_idleTime",
                    "split=\"p1\"")).isEqualTo(3000);
        }
    }

    @Test
    void jsonApiAndPageAnswerFromTheSamePort() throws Exception {
        try (Running r = new Running("api-test"); JobMonitor monitor = JobMonitor.start(r.job, MonitorOptions.port(0), r.clock)) {
            monitor.sample();
            String base = "http://127.0.0.1:" + monitor.port();
            JsonNode h = JobMonitor.json().readTree(get(base + "/api/history").body());
            assertThat(h.get("job").asText()).isEqualTo("api-test");
            JsonNode last = h.get("samples").get(h.get("samples").size() - 1);
            assertThat(last.get("status").asText()).isEqualTo("RUNNING");
            List<String> inputs = new ArrayList<>();
            last.get("inputs").forEach(i -> inputs.add(i.get("input").asText() + (i.get("idle").asBoolean() ? " idle" : "")));
            assertThat(inputs).containsExactly("p0", "p1 idle");
            long seq = last.get("seq").asLong();
            JsonNode after = JobMonitor.json().readTree(get(base + "/api/history?after=" + seq).body());
            after.get("samples").forEach(x -> assertThat(x.get("seq").asLong()).isGreaterThan(seq)); // the sampler goes on
            assertThat(JobMonitor.json().readTree(get(base + "/api/history?after=" + (seq + 1000)).body()).get("samples")).isEmpty();

            HttpResponse<String> page = get(base + "/");
            assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/html"));
            assertThat(page.body()).contains("<title>Tidemark monitor</title>").contains("/api/history");
            // self-contained: uPlot inlined, nothing loaded from elsewhere (a comment naming uPlot's home is no fetch)
            assertThat(page.body()).contains("uPlot 1.6.30").doesNotContain(Charts.MARKER);
            assertThat(page.body().replaceAll("/\\*[^*]*\\*/", "")).doesNotContain("http://", "https://", "src=");
            assertThat(get(base + "/nothing-here").statusCode()).isEqualTo(404);
            HttpResponse<String> bad = get(base + "/api/explain?key=k");
            assertThat(bad.statusCode()).isEqualTo(400);
            assertThat(bad.body()).contains("window_start");
            HttpResponse<String> notANumber = get(base + "/api/history?after=abc"); // was a 500 (NumberFormatException)
            assertThat(notANumber.statusCode()).isEqualTo(400);
            assertThat(JobMonitor.json().readTree(notANumber.body()).get("error").asText())
                    .isEqualTo("after must be a sample number (a whole number), not 'abc'");
        }
    }

    /** Every metric the example alert rules (docs/prometheus/tidemark-alerts.yml) use is served. */
    @Test
    void exampleAlertRulesUseServedMetrics() throws Exception {
        String rules = Files.readString(Path.of("../docs/prometheus/tidemark-alerts.yml"));
        java.util.Set<String> used = new java.util.TreeSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("tidemark_[A-Za-z_]+").matcher(rules);
        while (m.find()) {
            used.add(m.group());
        }
        assertThat(used).contains("tidemark_operator_watermarkLag", "tidemark_watermark_maxOutOfOrdernessMs",
                "tidemark_operator_numLateRecordsDropped_total", "tidemark_split_idleTime");
        try (Running r = new Running("rules-test");
                JobMonitor monitor = JobMonitor.start(r.job, MonitorOptions.port(0), r.clock)) {
            String t = get("http://127.0.0.1:" + monitor.port() + "/metrics").body();
            for (String name : used) {
                assertThat(t).as(name).containsPattern("(?m)^" + name + "\\{");
            }
        }
    }

    /**
     * The default address is the loopback: the kernel's table of listening sockets shows the monitor's
     * port on 127.0.0.1 only (no traffic to other addresses needed); with another address configured it
     * listens there.
     */
    @Test
    void listensOnTheLoopbackUnlessConfigured() throws Exception {
        try (Running r = new Running("loopback-test"); JobMonitor monitor = JobMonitor.start(r.job, MonitorOptions.port(0), r.clock)) {
            assertThat(monitor.address().getAddress().isLoopbackAddress()).isTrue();
            assertThat(listening(monitor.port())).containsOnly("127.0.0.1");
            assertThat(get("http://127.0.0.1:" + monitor.port() + "/metrics").statusCode()).isEqualTo(200);
            try (JobMonitor open = JobMonitor.start(r.job, MonitorOptions.port(0).bind(InetAddress.getByName("0.0.0.0")), r.clock)) {
                assertThat(open.address().getAddress().isAnyLocalAddress()).isTrue();
                assertThat(listening(open.port())).containsOnly("any");
            }
        }
    }

    /**
     * The local addresses of the sockets listening on {@code port}, from Linux's /proc/net/tcp and tcp6:
     * {@code 127.0.0.1} for the loopback (IPv4, or IPv4-mapped on a dual-stack socket), {@code any}
     * for the wildcard, else the address in hex.
     */
    static List<String> listening(int port) throws IOException {
        List<String> out = new ArrayList<>();
        String hexPort = String.format("%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (!Files.exists(p)) {
                continue;
            }
            for (String line : Files.readAllLines(p)) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 4 || !f[3].equals("0A") || !f[1].endsWith(":" + hexPort)) {
                    continue; // not a listening socket on the port
                }
                String addr = f[1].substring(0, f[1].indexOf(':'));
                if (addr.matches("0+")) {
                    out.add("any");
                } else if (addr.equals("0100007F") || addr.equals("0000000000000000FFFF00000100007F")) {
                    out.add("127.0.0.1");
                } else {
                    out.add(addr);
                }
            }
        }
        assertThat(out).as("a listening socket on port " + port).isNotEmpty();
        return out;
    }
}
