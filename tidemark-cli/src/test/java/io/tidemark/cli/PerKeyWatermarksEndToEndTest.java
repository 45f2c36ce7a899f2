package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code watermark.per-key: true}: two devices whose clocks read 10:00 and 07:00, 30 readings each, one a
 * second, interleaved (the 10:00 one first); bound 5 s, 10 s windows, per-event watermarks. One watermark
 * follows the 10:00 device and makes every reading of the 07:00 one late; per key, each device's 3 windows
 * hold its 10 readings each, and nothing is late.
 */
class PerKeyWatermarksEndToEndTest {

    @TempDir
    Path dir;

    static final long TEN = 10 * 3600_000L;
    static final long SEVEN = 7 * 3600_000L;

    Path job(String watermark) throws Exception {
        List<String> in = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            in.add("{\"device\":\"A\",\"t\":" + (TEN + i * 1000L) + "}");
            in.add("{\"device\":\"B\",\"t\":" + (SEVEN + i * 1000L) + "}");
        }
        write(dir, "readings.jsonl", in.toArray(String[]::new));
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: file, path: readings.jsonl}",
                "event-time: {field: t, max-future: 12h}", // the clocks are 3 h apart: not a jump to guard against
                "watermark: {strategy: bounded, max-out-of-orderness: 5s, emit: per-event" + watermark + "}",
                "key-by: [device]",
                "window: {type: tumbling, size: 10s}",
                "aggregate: [count]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                ""), StandardCharsets.UTF_8);
        return job;
    }

    @Test
    void devicesHoursApartLoseNothingOnTheirOwnWatermarks() throws Exception {
        run("run", job("").toString()).assertOk();
        assertThat(lines(dir.resolve("out/late.jsonl"))).hasSize(30).allMatch(l -> l.contains("\"B\""));

        run("run", job(", per-key: true").toString()).assertOk();
        assertThat(lines(dir.resolve("out/late.jsonl"))).isEmpty();
        List<String> results = lines(dir.resolve("out/results.jsonl"));
        assertThat(results).hasSize(6).allMatch(l -> l.contains("\"count\": 10"));
        assertThat(results.stream().filter(l -> l.contains("\"B\""))).hasSize(3);
    }

    @Test
    void perKeyNeedsTheHeapStateBackend() throws Exception {
        Path job = job(", per-key: true");
        Files.writeString(job, Files.readString(job) + "state: {backend: rocksdb}\n");
        CliHarness.Result r = run("run", job.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("watermark.per-key: true needs state.backend: heap");
    }
}
