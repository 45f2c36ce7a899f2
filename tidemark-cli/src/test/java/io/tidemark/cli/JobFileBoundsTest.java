package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job file is read within bounds: its size (1 MiB), the nesting of its mappings and lists (32 levels)
 * and no YAML aliases. Beyond each, {@code validate} (and every command that reads a job file) exits
 * with code 2 and one message naming the bound, before any record is read; at each bound it is read as
 * usual.
 */
class JobFileBoundsTest {

    static final int MIB = 1 << 20;

    @TempDir
    Path dir;

    @BeforeEach
    void data() throws Exception {
        write(dir, "orders.jsonl", order("u1", 1000, "1"));
    }

    /** The attack's input: a valid job file followed by a 50-million-character comment (validate ran > 300 s). */
    @Test
    void aFiftyMillionCharacterJobFileIsRefusedByItsSize() throws Exception {
        Path job = dir.resolve("job.yaml");
        try (Writer w = Files.newBufferedWriter(job, StandardCharsets.UTF_8)) {
            w.write(ConfigErrorTest.VALID);
            w.write('#');
            char[] block = "x".repeat(1 << 16).toCharArray();
            for (int i = 0; i < 50_000_000 / block.length; i++) {
                w.write(block);
            }
            w.write('\n');
        }
        assertRefused(job, job + " is " + Files.size(job) + " bytes: a job file is at most 1 MiB (1048576 bytes)");
    }

    @Test
    void aJobFileOfOneMebibyteIsReadAndOneByteMoreIsRefused() throws Exception {
        Path atBound = jobWithComment(MIB);
        assertThat(Files.size(atBound)).isEqualTo(MIB);
        run("validate", atBound.toString()).assertOk();

        Path over = jobWithComment(MIB + 1);
        assertRefused(over, over + " is 1048577 bytes: a job file is at most 1 MiB (1048576 bytes)");
    }

    @Test
    void nestingDeeperThan32LevelsIsRefused() throws Exception {
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, ConfigErrorTest.VALID + "deep: " + "[".repeat(33) + "]".repeat(33) + "\n");
        assertRefused(job, job + " nests mappings and lists deeper than 32 levels (line 26)");

        Files.writeString(job, ConfigErrorTest.VALID + "deep: " + "[".repeat(31) + "]".repeat(31) + "\n"); // 32 with the root
        CliHarness.Result r = run("validate", job.toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("deep: unknown key").doesNotContain("levels");
    }

    /**
     * Jackson reads a YAML alias as the anchor's name, never its value: {@code size: *w} was the duration
     * {@code 'w'}. An alias is refused with its line, so nothing is misread and no alias expands.
     */
    @Test
    void anAliasIsRefusedWithItsLine() throws Exception {
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, ConfigErrorTest.VALID.replace("max-out-of-orderness: 10s", "max-out-of-orderness: &w 10s")
                .replace("allowed-lateness: 30s", "allowed-lateness: *w"));
        assertRefused(job, job + " uses the YAML alias *w (line 20): aliases are not supported; write the value out");

        StringBuilder laughs = new StringBuilder(ConfigErrorTest.VALID).append("lol0: &l0 [lol]\n");
        for (int i = 1; i < 10; i++) {
            laughs.append("lol").append(i).append(": &l").append(i).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(10, "*l" + (i - 1)))).append("]\n");
        }
        Files.writeString(job, laughs.toString());
        assertRefused(job, job + " uses the YAML alias *l0 (line 27)");
    }

    /** A FIFO or a device is not read as a job file (/dev/zero would never end). */
    @Test
    void aJobFileThatIsNotARegularFileIsRefusedAsSuch() throws Exception {
        Path fifo = dir.resolve("job.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertRefused(fifo, "the job file " + fifo + " is not a regular file");
        assertRefused(Path.of("/dev/zero"), "the job file /dev/zero is not a regular file");
        assertRefused(dir.resolve("nope.yaml"), "job file not found: " + dir.resolve("nope.yaml"));
    }

    private void assertRefused(Path job, String message) {
        CliHarness.Result r = run("validate", job.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message);
        assertThat(r.err().lines().count()).as("one message: " + r.err()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
    }

    /** The valid job file with a comment that makes it {@code bytes} long. */
    private Path jobWithComment(int bytes) throws IOException {
        String head = ConfigErrorTest.VALID + "#";
        Path job = dir.resolve("job-" + bytes + ".yaml");
        Files.writeString(job, head + "x".repeat(bytes - head.length() - 1) + "\n", StandardCharsets.UTF_8);
        return job;
    }
}
