package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --detach}, {@code jobs} and {@code stop}: what is refused before anything is submitted (exit code 2,
 * the option or key named). Detached jobs on a cluster are tested in tidemark-e2e (FlinkClusterIT).
 */
class DetachRefusalsTest {

    /** A job file on a Kafka topic (nothing listens at the address: nothing here reaches it). */
    private static Path job(Path dir, String results, String extra) throws Exception {
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, """
                name: detached
                source: {type: kafka, bootstrap-servers: '127.0.0.1:9', topic: in, group-id: g}
                event-time: {field: ts}
                watermark: {strategy: bounded, max-out-of-orderness: 1s}
                key-by: [user]
                window: {type: tumbling, size: 1s}
                aggregate: [count]
                output:
                  results: %s
                %s
                """.formatted(results, extra));
        return job;
    }

    private static final String KAFKA = "{type: kafka, bootstrap-servers: '127.0.0.1:9', topic: out}";

    private static CliHarness.Result detached(String... more) {
        String[] args = new String[6 + more.length];
        System.arraycopy(new String[] {"run", "--detach", "--engine", "flink", "--flink-master", "127.0.0.1:9"}, 0, args, 0, 6);
        System.arraycopy(more, 0, args, 6, more.length);
        return run(args);
    }

    @Test
    void aDetachedRunNeedsAClusterAndASavepointFromDetachedRuns(@TempDir Path dir) throws Exception {
        Path job = job(dir, KAFKA, "checkpoint: {dir: " + dir.resolve("chk") + "}");
        CliHarness.Result local = run("run", "--detach", job.toString());
        assertThat(local.exitCode()).isEqualTo(2);
        assertThat(local.err()).contains("--detach: only with --engine flink --flink-master");

        CliHarness.Result attached = run("run", "--from-savepoint", dir.toString(), job.toString());
        assertThat(attached.exitCode()).isEqualTo(2);
        assertThat(attached.err()).contains("--from-savepoint: only with --detach");

        // a folder without Flink's _metadata: the job would start from nothing and write its outputs again
        Files.createDirectories(dir.resolve("empty"));
        CliHarness.Result none = detached("--from-savepoint", "file:" + dir.resolve("empty"), job.toString());
        assertThat(none.exitCode()).isEqualTo(2);
        assertThat(none.err()).contains("--from-savepoint: no savepoint or complete checkpoint in " + dir.resolve("empty"));
    }

    @Test
    void aDetachedJobWritesNoFilesReadsKafkaAndTakesCheckpoints(@TempDir Path dir) throws Exception {
        String checkpoint = "checkpoint: {dir: " + dir.resolve("chk") + "}";
        CliHarness.Result file = detached(job(dir, "{type: jsonl, path: " + dir.resolve("results.jsonl") + "}", checkpoint).toString());
        assertThat(file.exitCode()).isEqualTo(2);
        assertThat(file.err()).contains("output.results: a detached job writes its outputs from the cluster, and a jsonl output "
                + "cannot be written there: " + dir.resolve("results.jsonl") + " would be written on the TaskManagers' disks");
        assertThat(dir.resolve("results.jsonl")).doesNotExist();

        CliHarness.Result stdout = detached(job(dir, "{type: stdout}", checkpoint).toString());
        assertThat(stdout.exitCode()).isEqualTo(2);
        assertThat(stdout.err()).contains("output.results: a detached job writes its outputs from the cluster, and a stdout output");

        CliHarness.Result noCheckpoint = detached(job(dir, KAFKA, "").toString());
        assertThat(noCheckpoint.exitCode()).isEqualTo(2);
        assertThat(noCheckpoint.err()).contains("--detach: a detached job needs the job file's checkpoint: section");

        Path sorted = job(dir, KAFKA, checkpoint);
        Files.writeString(sorted, Files.readString(sorted).replace("group-id: g}", "group-id: g, sort: {buffer: 1s}}"));
        CliHarness.Result sort = detached(sorted.toString());
        assertThat(sort.exitCode()).isEqualTo(2);
        assertThat(sort.err()).contains("source.sort.buffer: --detach does not sort a Kafka source's partitions yet");

        CliHarness.write(dir, "orders.jsonl", "{\"userId\":\"u1\",\"eventTime\":1000}");
        Path onFile = CliHarness.job(dir, EngineOptionsTest.PER_EVENT, "type: tumbling\nsize: 10s");
        CliHarness.Result fileSource = detached(onFile.toString());
        assertThat(fileSource.exitCode()).isEqualTo(2);
        assertThat(fileSource.err()).contains("source.type: --detach runs a job with a Kafka source only");
    }

    @Test
    void stopTakesAFlinkJobIdAndJobsSaysWhenTheClusterIsNotThere() {
        CliHarness.Result bad = run("stop", "job-1", "--flink-master", "127.0.0.1:9");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("JOB_ID: expected Flink's job id, 32 hex digits");

        CliHarness.Result gone = run("jobs", "--flink-master", "127.0.0.1:9");
        assertThat(gone.exitCode()).isEqualTo(1);
        assertThat(gone.err()).contains("the Flink cluster at 127.0.0.1:9 cannot be reached");
    }
}
