package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The user's own files: never overwritten by mistake, never left half-written, errors that say which. */
class OutputsTest {

    @TempDir
    Path dir;

    Path input;
    String inputBytes;

    @BeforeEach
    void data() throws Exception {
        input = write(dir, "orders.jsonl", order("u1", 1000, "1"), "not json", order("u1", 2000, "2"));
        inputBytes = Files.readString(input);
    }

    private Path job(String results, String deadLetter) throws Exception {
        Path p = dir.resolve("job.yaml");
        Files.writeString(p, String.join("\n",
                "source: {type: file, path: orders.jsonl}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 10s}",
                "output:",
                "  results: {type: jsonl, path: '" + results + "'}",
                "  dead-letter: {type: jsonl, path: '" + deadLetter + "'}",
                "dead-letter-limit: 100%",
                ""));
        return p;
    }

    private void refused(Path job, String message) throws Exception {
        String jobBytes = Files.readString(job);
        for (String command : List.of("validate", "run")) {
            CliHarness.Result r = run(command, job.toString());
            assertThat(r.exitCode()).as(command + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).contains(message);
        }
        assertThat(Files.readString(input)).isEqualTo(inputBytes);
        assertThat(Files.readString(job)).isEqualTo(jobBytes);
    }

    @Test
    void anOutputThatIsTheInputByAnotherNameIsRefusedBeforeAnythingIsOpened() throws Exception {
        Files.createSymbolicLink(dir.resolve("link.jsonl"), input);
        refused(job("link.jsonl", "dead.jsonl"), "output.results.path: is the same file as source.path: " + dir.resolve("link.jsonl"));
        Files.createLink(dir.resolve("hard.jsonl"), input);
        refused(job("hard.jsonl", "dead.jsonl"), "output.results.path: is the same file as source.path");
        refused(job("./sub/../orders.jsonl", "dead.jsonl"), "output.results.path: is the same file as source.path");
        refused(job("results.jsonl", "job.yaml"), "output.dead-letter.path: is the job file itself");
        Files.createSymbolicLink(dir.resolve("job-link.yaml"), dir.resolve("job.yaml"));
        refused(job("results.jsonl", "job-link.yaml"), "output.dead-letter.path: is the job file itself");
        assertThat(dir.resolve("results.jsonl")).doesNotExist();
    }

    @Test
    void outputPlacesAreCheckedBeforeAnyOutputIsTouched() throws Exception {
        Files.writeString(dir.resolve("results.jsonl"), "PREVIOUS\n");
        // a later output that cannot be written: the earlier one is not truncated first
        refused(job("results.jsonl", "orders.jsonl/dead.jsonl"), "output.dead-letter.path: " + input + " is not a folder");
        Files.createDirectories(dir.resolve("a-folder"));
        refused(job("results.jsonl", "a-folder"), "output.dead-letter.path: is a folder");
        assertThat(Files.readString(dir.resolve("results.jsonl"))).isEqualTo("PREVIOUS\n");
    }

    @Test
    void aRunThatEndsWellReplacesThePreviousOutputsAndLeavesNothingElse() throws Exception {
        Files.writeString(dir.resolve("results.jsonl"), "PREVIOUS\n");
        run("run", job("results.jsonl", "dead.jsonl").toString()).assertOk();
        assertThat(CliHarness.lines(dir.resolve("results.jsonl"))).singleElement().asString().contains("\"count\": 2");
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("orders.jsonl", "job.yaml", "results.jsonl", "dead.jsonl");
        }
    }

    /** An output path that is a symbolic link to a file elsewhere: that file is written, and the link stays. */
    @Test
    void aLinkedOutputWritesTheFileItNames() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere")).resolve("real.jsonl");
        Files.writeString(elsewhere, "PREVIOUS\n");
        Files.createSymbolicLink(dir.resolve("results.jsonl"), elsewhere);
        run("run", job("results.jsonl", "dead.jsonl").toString()).assertOk();
        assertThat(Files.isSymbolicLink(dir.resolve("results.jsonl"))).isTrue();
        assertThat(Files.readString(elsewhere)).contains("\"count\": 2");
        try (var files = Files.list(elsewhere.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("real.jsonl");
        }
    }

    /** A full disk mid-run: the error names the output and its key, and the previous run's outputs come back. */
    @Test
    void aFailedRunPutsThePreviousOutputsBackAndNamesTheOutputThatFailed() throws Exception {
        Files.writeString(dir.resolve("results.jsonl"), "PREVIOUS\n");
        CliHarness.Result r = run("run", job("results.jsonl", "/dev/full").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("output.dead-letter.path: cannot write /dev/full: No space left on device")
                .contains("outputs put back as they were before the run; this run's records are in: " + dir.resolve("results.jsonl.failed"));
        assertThat(Files.readString(dir.resolve("results.jsonl"))).isEqualTo("PREVIOUS\n");
        assertThat(dir.resolve(".results.jsonl.tidemark-previous")).doesNotExist();
        assertThat(Files.readString(input)).isEqualTo(inputBytes);
    }

    /**
     * A device that fills up in the middle of a line (issue 23, item 9): the file is cut back to its last
     * whole line at once, so that a reader never sees part of one, and the run fails naming the output.
     */
    @Test
    void aDeviceThatFillsUpMidLineLeavesWholeLinesOnly() throws Exception {
        CliHarness.Result r;
        try (FullDevice device = FullDevice.install(dir, 30)) {
            r = run("run", job("results.jsonl", "dead.jsonl").toString());
        }
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("No space left on device");
        for (String f : List.of("results.jsonl.failed", "dead.jsonl.failed")) {
            Path p = dir.resolve(f);
            if (Files.exists(p)) {
                assertThat(ChildCli.completeLines(p)).as(f + ": " + Files.readString(p)).isTrue();
            }
        }
        assertThat(dir.resolve("results.jsonl.failed")).exists();
    }

    /** A run killed outright (SIGKILL) leaves its partial file and the kept one; the next run sorts them out. */
    @Test
    void theNextRunRecoversFromARunKilledOutright() throws Exception {
        Files.writeString(dir.resolve(".results.jsonl.tidemark-previous"), "GOOD\n");
        Files.writeString(dir.resolve("results.jsonl"), "PARTIAL\n");
        run("run", job("results.jsonl", "/dev/full").toString());
        assertThat(Files.readString(dir.resolve("results.jsonl"))).isEqualTo("GOOD\n");
        run("run", job("results.jsonl", "dead.jsonl").toString()).assertOk();
        assertThat(Files.readString(dir.resolve("results.jsonl"))).contains("\"count\": 2");
        assertThat(dir.resolve(".results.jsonl.tidemark-previous")).doesNotExist();
    }

    /** {@code tidemark run job.yaml | head -2}: results lost to a closed pipe are never an exit 0. */
    @Test
    void standardOutClosedByItsReaderIsAFailure() throws Exception {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            many.add(order("u" + i, 1000L * i, "1"));
        }
        write(dir, "orders.jsonl", many.toArray(new String[0]));
        Path job = dir.resolve("stdout.yaml");
        Files.writeString(job, "source: {type: file, path: orders.jsonl}\nevent-time: {field: eventTime}\n"
                + "watermark: {strategy: none}\nkey-by: [userId]\nwindow: {type: tumbling, size: 1s}\n");
        Process p = ChildCli.start(dir.resolve("err.txt"), List.of("-Xmx256m"), "run", job.toString());
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).startsWith("{\"key\"");
            assertThat(out.readLine()).startsWith("{\"key\"");
        } // closes the pipe, as head does
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(p.exitValue()).as(err).isEqualTo(1);
        assertThat(err).contains("output.results: cannot write standard out");
    }
}
