package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.gen.GeneratorOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that died while committing its final checkpoint (the output's device full) is finished by the
 * next run, which proves the outputs complete before it says so — issue 23's input: the first 3,000 lines
 * of {@code tidemark generate --seed 7 --rate 250 --duration 20m --very-late-fraction 0.02}, a bounded
 * per-event watermark of 1 s, key userId, tumbling 1 s windows, count and sum, results and late records to
 * a device with 40 KiB free, checkpoints every 30 s (so only the final one).
 */
class UnfinishedCommitTest {

    @TempDir
    static Path dir;

    private static Path reference;
    private static List<String> referenceCounts;

    @BeforeAll
    static void input() throws Exception {
        GeneratorOptions g = new GeneratorOptions();
        g.seed = 7;
        g.rate = 250;
        g.duration = Duration.ofMinutes(20);
        g.veryLateFraction = 0.02;
        Files.write(dir.resolve("in.jsonl"), CliHarness.generated(g, 3000), StandardCharsets.UTF_8);
        g.csv = true;
        Files.write(dir.resolve("in.csv"), CliHarness.generated(g, 3001), StandardCharsets.UTF_8);
        CliHarness.Result ref = CliHarness.run("run", "--no-progress", job("ref", "chk-ref", "jsonl").toString());
        ref.assertOk();
        reference = dir.resolve("ref");
        referenceCounts = CliHarness.summaryCounts(ref.out());
        assertThat(CliHarness.lines(reference.resolve("results.jsonl"))).hasSize(287);
        assertThat(CliHarness.lines(reference.resolve("late.jsonl"))).hasSize(1387);
        CliHarness.run("run", "--no-progress", job("ref-csv", "chk-ref-csv", "csv").toString()).assertOk();
    }

    /** The job on in.jsonl or in.csv ({@code format}), its late records in the same format. */
    private static Path job(String out, String chk, String format) throws Exception {
        Path job = dir.resolve(out + ".yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: file, path: in." + format + "}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 1s}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: " + out + "/results.jsonl}",
                "  late: {type: " + format + ", path: " + out + "/late." + format + "}",
                "checkpoint: {dir: " + chk + ", interval: 30s}",
                ""));
        return job;
    }

    private static void assertSameAsReference(Path out) throws Exception {
        assertSame(out, reference, "late.jsonl");
    }

    private static void assertSame(Path out, Path reference, String late) throws Exception {
        for (String f : List.of("results.jsonl", late)) {
            assertThat(Files.readString(out.resolve(f))).as(f).isEqualTo(Files.readString(reference.resolve(f)));
        }
    }

    @Test
    void aFinalCommitCutShortByAFullDeviceIsFinishedByTheNextRunAndCheckedBeforeItSaysComplete() throws Exception {
        Path job = job("full", "chk-full", "jsonl");
        Path out = dir.resolve("full");
        CliHarness.Result failed;
        try (FullDevice device = FullDevice.install(out, 40 * 1024)) {
            failed = CliHarness.run("run", "--no-progress", job.toString());
        }
        assertThat(failed.exitCode()).as(failed.err()).isEqualTo(1);
        assertThat(failed.err()).contains("No space left on device").contains("cannot commit to " + out.toRealPath());
        for (String f : List.of("results.jsonl", "late.jsonl")) { // never a partial line, even while the run is down
            assertThat(ChildCli.completeLines(out.resolve(f))).as(f).isTrue();
        }
        assertThat(CliHarness.lines(out.resolve("results.jsonl")).size() + CliHarness.lines(out.resolve("late.jsonl")).size())
                .as("the device was full before everything was committed").isLessThan(287 + 1387);

        CliHarness.Result finished = CliHarness.run("run", "--no-progress", job.toString());
        finished.assertOk();
        assertThat(finished.err()).contains("the job already finished").contains("--fresh")
                .contains("the outputs are complete").contains("this run finished the commits a failed run left undone");
        assertSameAsReference(out);
        assertThat(CliHarness.summaryCounts(finished.out())).isEqualTo(referenceCounts);

        CliHarness.Result again = CliHarness.run("run", "--no-progress", job.toString());
        again.assertOk();
        assertThat(again.err()).contains("the job already finished").contains("nothing was left to commit");
        assertSameAsReference(out);
        assertThat(CliHarness.summaryCounts(again.out())).isEqualTo(referenceCounts);
    }

    @Test
    void aLateCsvOutputThatCommittedNothingGetsTheInputsHeaderFromTheRunThatFinishesIt() throws Exception {
        Path job = job("full-csv", "chk-full-csv", "csv");
        Path out = dir.resolve("full-csv");
        CliHarness.Result failed;
        try (FullDevice device = FullDevice.install(out, 0)) {
            failed = CliHarness.run("run", "--no-progress", job.toString());
        }
        assertThat(failed.exitCode()).as(failed.err()).isEqualTo(1);
        assertThat(out.resolve("late.csv")).isEmptyFile();

        CliHarness.Result finished = CliHarness.run("run", "--no-progress", job.toString());
        finished.assertOk();
        assertThat(finished.err()).contains("this run finished the commits a failed run left undone");
        assertThat(Files.readString(out.resolve("late.csv"))).startsWith(
                io.tidemark.cli.gen.OrderGenerator.CSV_HEADER + "\n");
        assertSame(out, dir.resolve("ref-csv"), "late.csv");
    }
}
