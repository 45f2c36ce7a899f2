package io.tidemark.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.StagedOutput;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commit protocol of a staged file, crash by crash: a commit done twice changes nothing; a restore
 * first commits what its checkpoint holds (the crash came between the checkpoint and its commit) and
 * discards what was staged after it; a commit cut short by a crash is done again, not appended twice.
 */
class StagedFileTest {

    @TempDir
    Path dir;

    private final OutputContext context = new OutputContext(OutputContext.Role.DEAD_LETTER, List.of(), List.of(), false, "jsonl",
            () -> null, System.out);

    private StagedFile open(boolean fresh) throws Exception {
        return new StagedFile(LineFormat.JSONL, context, dir.resolve("dead.jsonl"), dir.resolve("chk/outputs/dead-letter"), fresh,
                "output.dead-letter.path", null);
    }

    private static DeadLetter letter(int n) {
        return new DeadLetter(DeadLetter.UNPARSABLE, "bad", "in.jsonl", n, "line " + n);
    }

    private List<Long> committedLines() throws Exception {
        return Files.readAllLines(dir.resolve("dead.jsonl"), StandardCharsets.UTF_8).stream()
                .map(l -> Long.parseLong(l.replaceAll(".*\"line\": (\\d+).*", "$1"))).toList();
    }

    @Test
    void commitsAreIdempotentAndARestoreCommitsItsCheckpointThenDiscardsTheRest() throws Exception {
        StagedFile out = open(true);
        StagedOutput.Stage s = out.stage("source-0", -1);
        for (int i = 1; i <= 3; i++) {
            s.write(letter(i));
        }
        long first = s.barrier();
        s.write(letter(4));
        s.write(letter(5));
        long second = s.barrier();
        s.write(letter(6)); // after the last checkpoint: never committed
        out.commit("source-0", first);
        out.commit("source-0", first);
        assertThat(committedLines()).containsExactly(1L, 2L, 3L);
        s.barrier();
        s.close();
        out.close(false); // killed after checkpoint 2 completed, before its commit

        StagedFile again = open(false);
        assertThat(committedLines()).containsExactly(1L, 2L, 3L);
        StagedOutput.Stage t = again.stage("source-0", second); // restored from checkpoint 2
        assertThat(committedLines()).containsExactly(1L, 2L, 3L, 4L, 5L);
        t.write(letter(6));
        again.commit("source-0", t.barrier());
        again.close(true);
        assertThat(committedLines()).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    }

    @Test
    void aCommitCutShortByACrashIsDoneAgainNotTwice() throws Exception {
        StagedFile out = open(true);
        StagedOutput.Stage s = out.stage("results-0", -1);
        s.write(letter(1));
        out.commit("results-0", s.barrier());
        s.write(letter(2));
        long second = s.barrier();
        s.close();
        out.close(false);
        // the crash came in the middle of appending checkpoint 2's lines: half a line is in the file
        Files.writeString(dir.resolve("dead.jsonl"), "{\"reason\": \"unpa", StandardOpenOption.APPEND);

        StagedFile again = open(false);
        again.stage("results-0", second);
        again.close(true);
        assertThat(committedLines()).containsExactly(1L, 2L);
    }

    @Test
    void aFreshStartKeepsTheFileBeforeAsideUntilItEndsWell() throws Exception {
        Files.writeString(dir.resolve("dead.jsonl"), "an earlier run's line\n");
        StagedFile out = open(true);
        Path previous = dir.resolve(".dead.jsonl.tidemark-previous");
        assertThat(previous).hasContent("an earlier run's line");
        StagedOutput.Stage s = out.stage("source-0", -1);
        s.write(letter(7));
        out.commit("source-0", s.barrier());
        s.close();
        out.close(true);
        assertThat(previous).doesNotExist();
        assertThat(committedLines()).containsExactly(7L);
        assertThat(dir.resolve("chk/outputs/dead-letter/source-0.pending")).doesNotExist();
    }
}
