package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.job;
import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code state: {backend: rocksdb}}: the command runs the job with its keyed state in RocksDB (the
 * module is on the command's class path) and writes what the heap run writes; a state directory that
 * cannot be one fails the run, naming it.
 */
class StateBackendOptionTest {

    static final String PER_EVENT = "strategy: bounded\nmax-out-of-orderness: 0s\nemit: per-event";

    static void orders(Path dir) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            lines.add("{\"userId\":\"u" + (i % 7) + "\",\"eventTime\":" + (i * 97 % 20_000) + ",\"amount\":\"" + i + "\"}");
        }
        CliHarness.write(dir, "orders.jsonl", lines.toArray(String[]::new));
    }

    @Test
    void rocksDBWritesWhatTheHeapWrites(@TempDir Path dir) throws Exception {
        Path heapDir = Files.createDirectories(dir.resolve("heap"));
        Path rocksDir = Files.createDirectories(dir.resolve("rocks"));
        orders(heapDir);
        orders(rocksDir);
        run("run", job(heapDir, PER_EVENT, "type: session\ngap: 1s").toString()).assertOk();
        run("run", job(rocksDir, PER_EVENT, "type: session\ngap: 1s", "state:", "  backend: rocksdb",
                "  dir: " + dir.resolve("db")).toString()).assertOk();
        assertThat(CliHarness.lines(rocksDir.resolve("out/results.jsonl"))).hasSizeGreaterThan(5)
                .containsExactlyElementsOf(CliHarness.lines(heapDir.resolve("out/results.jsonl")));
        assertThat(CliHarness.lines(rocksDir.resolve("out/late.jsonl")))
                .containsExactlyElementsOf(CliHarness.lines(heapDir.resolve("out/late.jsonl")));
        assertThat(dir.resolve("db/tidemark-rocksdb")).as("the databases were made there, and are gone").isEmptyDirectory();
    }

    /** A relative state.dir is the job file's folder's, as every path of a job file (it was the current directory's). */
    @Test
    void aRelativeStateDirectoryIsInTheJobFilesFolder(@TempDir Path dir) throws Exception {
        orders(dir);
        String relative = "state-" + System.nanoTime();
        run("run", job(dir, PER_EVENT, "type: tumbling\nsize: 10s", "state:", "  backend: rocksdb", "  dir: " + relative).toString())
                .assertOk();
        assertThat(dir.resolve(relative).resolve("tidemark-rocksdb")).as("the databases were made there, and are gone").isEmptyDirectory();
        assertThat(Path.of(relative)).as("nothing in the current directory").doesNotExist();
    }

    @Test
    void aStateDirectoryThatIsAFileFailsNamingIt(@TempDir Path dir) throws Exception {
        orders(dir);
        Path notADir = CliHarness.write(dir, "not-a-dir", "x");
        CliHarness.Result r = run("run", job(dir, PER_EVENT, "type: tumbling\nsize: 10s", "state:", "  backend: rocksdb",
                "  dir: " + notADir).toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2); // was 1, an engine error that did not name state.dir
        assertThat(r.err()).contains("state.dir: is not a folder: " + notADir);
        assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
    }
}
