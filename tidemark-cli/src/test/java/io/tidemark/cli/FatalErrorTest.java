package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM error in any thread of a run — here the heap running out, in a child JVM of 64 MB with a
 * job whose state only grows — fails the run promptly: a message naming the error, the outputs put
 * back as they were, exit code 4, within a bounded time.
 */
class FatalErrorTest {

    @Test
    void runningOutOfMemoryIsExitCode4WithTheOutputsPutBack(@TempDir Path dir) throws Exception {
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: generator, keys: 100000000, rate: 1000000, duration: 20s}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: none}",    // nothing fires before the end: every key's window stays
                "key-by: [userId]",
                "window: {type: tumbling, size: 1d}",
                "aggregate: [count, {sum: amount}]",
                "output: {results: {type: jsonl, path: out/results.jsonl}}",
                ""));
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/results.jsonl"), "PREVIOUS\n");
        Path err = dir.resolve("err.txt");
        Process p = ChildCli.start(err, List.of("-Xmx64m", "-XX:+UseSerialGC"), "run", job.toString());
        p.getOutputStream().close();
        assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("the run ended").isTrue();
        String message = Files.readString(err);
        assertThat(p.exitValue()).as(message).isEqualTo(4);
        assertThat(message).contains("fatal error").contains("java.lang.OutOfMemoryError").contains("TIDEMARK_JAVA_OPTS=-Xmx");
        assertThat(Files.readString(dir.resolve("out/results.jsonl"))).isEqualTo("PREVIOUS\n");
    }
}
