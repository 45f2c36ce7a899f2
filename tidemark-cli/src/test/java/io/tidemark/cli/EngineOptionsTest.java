package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.job;
import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * --engine, --flink-master and bench without Flink and the benchmarks on the class path (the CLI's
 * own build never has them): one clear message, exit code 2, nothing written. The runs on Flink are
 * tested in tidemark-flink (CliOnFlinkTest).
 */
class EngineOptionsTest {

    static final String PER_EVENT = "strategy: bounded\nmax-out-of-orderness: 0s\nemit: per-event";

    @Test
    void flinkNotOnTheClassPathIsOneMessageAndExitCode2(@TempDir Path dir) throws Exception {
        CliHarness.write(dir, "orders.jsonl", "{\"userId\":\"u1\",\"eventTime\":1000,\"amount\":\"1\"}");
        Path job = job(dir, PER_EVENT, "type: tumbling\nsize: 10s");
        CliHarness.Result r = run("run", "--engine", "flink", job.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("tidemark: the Flink engine is not available").hasLineCount(1);
        assertThat(Files.exists(dir.resolve("out"))).isFalse();

        CliHarness.Result d = run("demo", "--engine", "flink", "--dir", dir.resolve("demo").toString());
        assertThat(d.exitCode()).isEqualTo(2);
        assertThat(d.err()).startsWith("tidemark: the Flink engine is not available");
        assertThat(Files.exists(dir.resolve("demo"))).isFalse();
    }

    @Test
    void badEngineValuesAreUsageErrors(@TempDir Path dir) throws Exception {
        Path job = job(dir, PER_EVENT, "type: tumbling\nsize: 10s");
        assertThat(run("run", "--engine", "spark", job.toString()).err()).contains("--engine: expected embedded or flink");
        assertThat(run("run", "--flink-master", "h:8081", job.toString()).exitCode()).isEqualTo(2);
        CliHarness.Result r = run("run", "--engine", "flink", "--flink-master", "h", job.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--flink-master: expected host:port");
    }

    @Test
    void embeddedIsTheDefaultAndCanBeNamed(@TempDir Path dir) throws Exception {
        CliHarness.write(dir, "orders.jsonl", "{\"userId\":\"u1\",\"eventTime\":1000,\"amount\":\"1\"}");
        Path job = job(dir, PER_EVENT, "type: tumbling\nsize: 10s");
        CliHarness.Result r = run("run", "--engine", "embedded", job.toString()).assertOk();
        assertThat(r.out()).doesNotContain("engine").contains("accounted          1 lines read = 1 in window results");
    }

    @Test
    void benchWithoutTheBenchmarksIsOneMessageAndExitCode2() {
        CliHarness.Result r = run("bench", "--help");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).startsWith("tidemark: the benchmarks are not available").hasLineCount(1);
    }
}
