package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.output.OutputFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, item 4: an output file deleted (its folder deleted) or replaced while the run writes it fails
 * the run, naming the output — never exit 0 with "accounted OK" and no files. The deletion happens at a
 * chosen moment, right after the run's first write to the results file (a hook in the output's writes),
 * not by timing luck.
 */
class VanishedOutputTest {

    @TempDir
    Path dir;

    @BeforeEach
    void input() throws IOException {
        Random r = new Random(3);
        List<String> lines = new ArrayList<>();
        long t = 1_700_000_000_000L;
        for (int i = 0; i < 20_000; i++) {
            t += r.nextInt(20);
            lines.add(CliHarness.order("u" + r.nextInt(50), t - r.nextInt(3_000), "1"));
        }
        Files.write(dir.resolve("orders.jsonl"), lines);
    }

    @AfterEach
    void defaultWrites() {
        OutputFiles.replaceWrites(null);
    }

    /** After the first write to a file named {@code name}, {@code then} runs once. */
    private static void afterFirstWriteTo(String name, IORunnable then) {
        AtomicBoolean done = new AtomicBoolean();
        OutputFiles.replaceWrites((file, channel, bytes) -> {
            OutputFiles.DEFAULT.write(file, channel, bytes);
            if (file.getFileName().toString().equals(name) && done.compareAndSet(false, true)) {
                then.run();
            }
        });
    }

    interface IORunnable {
        void run() throws IOException;
    }

    private void deleteOutFolder() throws IOException {
        try (Stream<Path> s = Files.walk(dir.resolve("out"))) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    private Path job(String extra) throws IOException {
        return CliHarness.job(dir, "strategy: bounded\nmax-out-of-orderness: 1s", "type: tumbling\nsize: 1s", extra);
    }

    @Test
    void theOutputFolderDeletedWhileTheRunWritesFailsTheRunNamingTheOutput() throws Exception {
        afterFirstWriteTo("results.jsonl", this::deleteOutFolder);
        CliHarness.Result r = CliHarness.run("run", "--no-progress", job("").toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(1);
        assertThat(r.err()).contains("output.results.path").contains("results.jsonl").contains("it is gone")
                .doesNotContain("could not be moved aside"); // nothing is left to keep aside
        assertThat(r.out()).doesNotContain("accounted");
    }

    @Test
    void aResultsFileReplacedWhileTheRunWritesFailsTheRun() throws Exception {
        afterFirstWriteTo("results.jsonl", () -> {
            Path other = Files.writeString(dir.resolve("other.jsonl"), "{}\n");
            Files.move(other, dir.resolve("out/results.jsonl"), StandardCopyOption.REPLACE_EXISTING);
        });
        CliHarness.Result r = CliHarness.run("run", "--no-progress", job("").toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(1);
        assertThat(r.err()).contains("output.results.path").contains("replaced by another file");
    }

    @Test
    void withCheckpointsTheDeletedFolderFailsTheRunAndTheNextRunsUntilFresh() throws Exception {
        Path job = job("checkpoint: {dir: chk, interval: 30s}");
        afterFirstWriteTo("results.jsonl", this::deleteOutFolder);
        CliHarness.Result r = CliHarness.run("run", "--no-progress", job.toString());
        assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(1);
        assertThat(r.err()).contains("it is gone");
        assertThat(r.out()).doesNotContain("accounted");
        OutputFiles.replaceWrites(null);

        CliHarness.Result again = CliHarness.run("run", "--no-progress", job.toString());
        assertThat(again.exitCode()).as(again.err()).isEqualTo(1);
        assertThat(again.err()).contains("output.results").contains("--fresh").doesNotContain("the outputs are complete");

        CliHarness.Result fresh = CliHarness.run("run", "--no-progress", "--fresh", job.toString());
        fresh.assertOk();
        assertThat(CliHarness.lines(dir.resolve("out/results.jsonl"))).isNotEmpty();
    }
}
