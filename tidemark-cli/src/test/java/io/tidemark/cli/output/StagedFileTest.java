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
 * keeps what its checkpoint holds (the crash came between the checkpoint and its commit) for the resumed
 * run's first commit and discards what was staged after it; a commit cut short by a crash is done again,
 * not appended twice; a restore never waits for the input's header.
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
    void commitsAreIdempotentAndARestoreKeepsItsCheckpointForTheNextCommitAndDiscardsTheRest() throws Exception {
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
        assertThat(committedLines()).as("checkpoint 2's lines wait for the resumed run's first commit").containsExactly(1L, 2L, 3L);
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
        StagedOutput.Stage t = again.stage("results-0", second);
        again.commit("results-0", t.barrier());
        again.close(true);
        assertThat(committedLines()).containsExactly(1L, 2L);
    }

    /**
     * A late output of CSV records starts with the input's header, which a resumed job's source sends
     * only once the job runs — after every function has linked. A restore whose checkpoint was never
     * committed must not ask for it (it waited 30 s for it and then wrote the file without it).
     */
    @Test
    void aRestoreDoesNotNeedTheInputsHeaderBeforeTheJobRuns() throws Exception {
        java.util.concurrent.atomic.AtomicReference<String> sent = new java.util.concurrent.atomic.AtomicReference<>();
        OutputContext late = new OutputContext(OutputContext.Role.LATE, List.of("user"), List.of(), false, "csv", () -> {
            assertThat(sent.get()).as("the input's header, asked for before the source sent it").isNotNull();
            return sent.get();
        }, System.out);
        Path lateFile = dir.resolve("late.csv");
        java.util.function.Function<Boolean, StagedFile> open = fresh -> {
            try {
                return new StagedFile(LineFormat.CSV, late, lateFile, dir.resolve("chk/outputs/late"), fresh, "output.late.path", null);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        StagedFile out = open.apply(true);
        StagedOutput.Stage s = out.stage("late-0", -1);
        s.write(new io.tidemark.cli.data.LateRecord("u1,5,7", "in.csv", 9, List.of("\"u1\""), 5, 6, 100, List.of()));
        long first = s.barrier();
        s.close();
        out.close(false); // killed after checkpoint 1 completed, before its commit: nothing committed yet

        StagedFile again = open.apply(false);
        StagedOutput.Stage t = again.stage("late-0", first); // the job has not run yet: no header so far
        sent.set("user,ts,amount");
        again.commit("late-0", t.barrier());
        again.close(true);
        assertThat(Files.readAllLines(lateFile, StandardCharsets.UTF_8)).containsExactly("user,ts,amount", "u1,5,7");
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

    /**
     * A full disk under the checkpoint folder (where records wait until a checkpoint commits them) is
     * named as the checkpoint folder's, not as the output's: the attack's run said "output.late.path:
     * cannot write a staging file: No space left on device" while the late output's disk had room. The
     * staging file is Linux's /dev/full, whose writes fail with ENOSPC.
     */
    @Test
    void aFullDiskUnderTheCheckpointFolderIsNamedAsTheCheckpointFolders() throws Exception {
        StagedFile out = open(true);
        Path staging = dir.resolve("chk/outputs/dead-letter");
        Files.createSymbolicLink(staging.resolve("source-0.pending"), Path.of("/dev/full"));
        StagedOutput.Stage s = out.stage("source-0", -1);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> {
            for (int i = 0; i < 10_000; i++) {
                s.write(letter(i));
            }
            s.barrier();
        }).isInstanceOf(java.io.IOException.class)
                .hasMessageStartingWith("checkpoint.dir: cannot stage the records of output.dead-letter.path in "
                        + staging.resolve("source-0.pending") + ": No space left on device");
        s.close();
        out.close(false);
    }
}
