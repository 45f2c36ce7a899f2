package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs of the same job at once both exited 0 and left {@code .failed} files: each kept the other's
 * output aside as a killed run's. The outputs are locked for a run: the second is refused with exit code
 * 2, naming the holder, and touches nothing; an empty {@code .failed} file goes after a good run.
 */
class OneRunAtATimeTest {

    @TempDir
    Path dir;

    @Test
    void aSecondRunOfTheSameJobIsRefusedNamingTheFirst() throws Exception {
        try (StoppingTest.Feed feed = new StoppingTest.Feed()) {
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, "name: live\n" + StoppingTest.socketJob(feed.port(), "{type: jsonl, path: out/results.jsonl}"));
            Process first = ChildCli.start(dir.resolve("err.txt"), List.of("-Xmx256m"), "run", job.toString());
            first.getOutputStream().close();
            Thread out = new Thread(() -> {
                try {
                    first.getInputStream().transferTo(java.io.OutputStream.nullOutputStream());
                } catch (java.io.IOException ignored) {
                    // ended
                }
            });
            out.setDaemon(true);
            out.start();
            try {
                feed.send(order("u1", 1000, "1"), order("u1", 12_000, "1"), order("u2", 13_000, "1"));
                Path results = dir.resolve("out/results.jsonl");
                assertThat(ChildCli.await(Duration.ofSeconds(60), () -> ChildCli.lines(results).size() == 1))
                        .as("the first run's first window; its stderr: %s", ChildCli.lines(dir.resolve("err.txt"))).isTrue();

                CliHarness.Result second = run("run", job.toString());
                assertThat(second.exitCode()).as(second.err()).isEqualTo(2);
                assertThat(second.err()).contains("output.results.path: another tidemark run is writing " + results.toRealPath()
                        + " now (process " + first.pid() + ", job 'live', since ");
                assertThat(ChildCli.lines(results)).as("the first run's file, untouched").hasSize(1);
                feed.close(); // the first run's input ends
                assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(first.exitValue()).isZero();
            } finally {
                first.destroyForcibly();
            }
            try (Stream<Path> files = Files.list(dir.resolve("out"))) {
                assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".failed"));
            }
            // and once the first has ended, the job runs again (a file input this time)
            write(dir, "orders.jsonl", order("u1", 1000, "1"));
            Files.writeString(job, Files.readString(job).replaceFirst("source: \\{[^}]*}", "source: {type: file, path: orders.jsonl}"));
            run("run", job.toString()).assertOk();
        }
    }

    @Test
    void aGoodRunRemovesAnEmptyFailedFileAndKeepsOneWithRecords() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1000, "1"));
        Path job = CliHarness.job(dir, "strategy: bounded\nmax-out-of-orderness: 0s", "type: tumbling\nsize: 10s");
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/results.jsonl.failed"), "");
        Files.writeString(dir.resolve("out/late.jsonl.failed"), "{\"a failed run's record\": 1}\n");
        run("run", job.toString()).assertOk();
        assertThat(dir.resolve("out/results.jsonl.failed")).doesNotExist();
        assertThat(dir.resolve("out/late.jsonl.failed")).exists();
    }

}
