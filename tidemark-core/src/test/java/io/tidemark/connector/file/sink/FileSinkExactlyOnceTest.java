package io.tidemark.connector.file.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.serialization.SimpleStringEncoder;
import io.tidemark.configuration.MemorySize;
import io.tidemark.core.fs.Path;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.sink.SinkWriterOperator;
import io.tidemark.streaming.api.functions.sink.filesystem.BucketAssigner;
import io.tidemark.streaming.api.functions.sink.filesystem.OutputFileConfig;
import io.tidemark.streaming.api.functions.sink.filesystem.rollingpolicies.DefaultRollingPolicy;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The row-format {@link FileSink} under checkpoints and crashes, driven through its {@link
 * SinkWriterOperator} in the operator harness (processing time injected): a run checkpoints every few
 * records, "crashes" at a random point (the harness abandoned, its streams closed as after a failure),
 * and a new run restores a checkpoint and goes on to the end. The committed files are compared with a
 * fault-free run's by bucket, part number and contents (the part files' random subtask id aside).
 */
class FileSinkExactlyOnceTest {

    private static final int RECORDS = 300;
    private static final int CHECKPOINT_EVERY = 23;

    @TempDir
    java.nio.file.Path dir;

    /** Records in two buckets; parts roll over 60 bytes and after 500 ms of processing time (record i at 7·i ms). */
    private static FileSink<String> sink(java.nio.file.Path out) {
        return FileSink.forRowFormat(new Path(out.toString()), new SimpleStringEncoder<String>())
                .withBucketAssigner(new ByParity())
                .withRollingPolicy(DefaultRollingPolicy.builder()
                        .withMaxPartSize(MemorySize.parse("60b"))
                        .withRolloverInterval(Duration.ofMillis(500))
                        .build())
                .withOutputFileConfig(OutputFileConfig.builder().withPartSuffix(".txt").build())
                .build();
    }

    private static final class ByParity implements BucketAssigner<String, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String getBucketId(String element, Context context) {
            return Integer.parseInt(element.substring(7)) % 2 == 0 ? "even" : "odd";
        }
    }

    private static String record(int i) {
        return "record " + i;
    }

    private static OneInputOperatorTestHarness<String, Void> harness(java.nio.file.Path out) {
        return new OneInputOperatorTestHarness<>(new SinkWriterOperator<>(sink(out)));
    }

    /** Processes records {@code from} (inclusive) to {@code to} (exclusive), checkpointing after every 23rd. */
    private static void run(OneInputOperatorTestHarness<String, Void> h, int from, int to, Map<Long, StateSnapshot> checkpoints)
            throws Exception {
        for (int i = from; i < to; i++) {
            h.setProcessingTime(7L * i);
            h.processElement(record(i));
            if ((i + 1) % CHECKPOINT_EVERY == 0) {
                long id = (i + 1) / CHECKPOINT_EVERY;
                checkpoints.put(id, h.snapshot(id));
                h.notifyCheckpointComplete(id);
            }
        }
    }

    /** The committed part files: {@code bucket/part-<n>.txt} (the subtask id left out) → contents. */
    private static Map<String, String> committed(java.nio.file.Path out) throws Exception {
        Map<String, String> files = new TreeMap<>();
        if (!Files.exists(out)) {
            return files;
        }
        try (Stream<java.nio.file.Path> s = Files.walk(out)) {
            for (java.nio.file.Path p : s.filter(Files::isRegularFile).collect(Collectors.toList())) {
                String name = p.getFileName().toString();
                if (!name.startsWith(".")) {
                    assertThat(name).matches("part-[0-9a-f-]{36}-\\d+\\.txt");
                    files.put(out.relativize(p.getParent()) + "/part-" + name.substring(42), Files.readString(p));
                }
            }
        }
        return files;
    }

    private static List<String> hidden(java.nio.file.Path out) throws Exception {
        try (Stream<java.nio.file.Path> s = Files.walk(out)) {
            return s.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).filter(n -> n.startsWith("."))
                    .collect(Collectors.toList());
        }
    }

    private Map<String, String> faultFree() throws Exception {
        java.nio.file.Path out = dir.resolve("fault-free");
        try (OneInputOperatorTestHarness<String, Void> h = harness(out)) {
            h.open();
            run(h, 0, RECORDS, new TreeMap<>());
            h.endInput();
        }
        assertThat(hidden(out)).isEmpty();
        return committed(out);
    }

    @Test
    void afterAnyCrashTheCommittedFilesAreAPrefixOfAFaultFreeRunsAndARestoreEndsWithExactlyThem() throws Exception {
        Map<String, String> expected = faultFree();
        String all = expected.values().stream().collect(Collectors.joining());
        for (int i = 0; i < RECORDS; i++) {
            assertThat(all).contains(record(i) + "\n");
        }
        assertThat(expected.keySet()).as("several parts in both buckets").hasSizeGreaterThan(20)
                .anyMatch(k -> k.startsWith("even/")).anyMatch(k -> k.startsWith("odd/"));

        Random random = new Random(17);
        for (int attempt = 0; attempt < 12; attempt++) {
            java.nio.file.Path out = dir.resolve("run-" + attempt);
            int crashAt = CHECKPOINT_EVERY + random.nextInt(RECORDS - CHECKPOINT_EVERY);
            Map<Long, StateSnapshot> checkpoints = new TreeMap<>();
            OneInputOperatorTestHarness<String, Void> h = harness(out);
            h.open();
            run(h, 0, crashAt, checkpoints);
            // a last checkpoint taken but whose completion never reached the sink, in half of the attempts
            boolean unnotified = random.nextBoolean();
            long last = crashAt / CHECKPOINT_EVERY + 1;
            int lastAt = crashAt;
            if (unnotified) {
                checkpoints.put(last, h.snapshot(last));
                for (int i = crashAt; i < crashAt + 5 && i < RECORDS; i++) {
                    h.processElement(record(i)); // written after the checkpoint, then lost with the crash
                }
            }
            h.close(); // the crash: streams closed, nothing committed
            Map<String, String> atCrash = committed(out);
            assertThat(expected).as("attempt %d: committed at the crash (record %d) is a prefix", attempt, crashAt)
                    .containsAllEntriesOf(atCrash);

            // restore the latest checkpoint (it completed: when unnotified, the sink did not hear it)
            long restoreFrom = ((TreeMap<Long, StateSnapshot>) checkpoints).lastKey();
            int resumeAt = restoreFrom == last ? lastAt : (int) (restoreFrom * CHECKPOINT_EVERY);
            OneInputOperatorTestHarness<String, Void> r = harness(out);
            r.setup().initializeState(checkpoints.get(restoreFrom), restoreFrom).open();
            Map<String, String> restored = committed(out);
            assertThat(expected).as("attempt %d: committed after the restore is a prefix", attempt).containsAllEntriesOf(restored);
            assertThat(restored).containsAllEntriesOf(atCrash);
            assertThat(hidden(out)).as("attempt %d: only the parts open at the checkpoint are left in progress", attempt)
                    .hasSizeLessThanOrEqualTo(2).allMatch(n -> n.contains(".inprogress."));
            run(r, resumeAt, RECORDS, new TreeMap<>());
            r.endInput();
            r.close();
            assertThat(committed(out)).as("attempt %d: crash at %d, restored checkpoint %d", attempt, crashAt, restoreFrom)
                    .isEqualTo(expected);
            assertThat(hidden(out)).as("uncommitted parts discarded").isEmpty();
        }
    }

    @Test
    void restoringACheckpointWhoseFilesWereCommittedAlreadyCommitsNothingTwice() throws Exception {
        Map<String, String> expected = faultFree();
        java.nio.file.Path out = dir.resolve("twice");
        Map<Long, StateSnapshot> checkpoints = new TreeMap<>();
        OneInputOperatorTestHarness<String, Void> h = harness(out);
        h.open();
        run(h, 0, 4 * CHECKPOINT_EVERY, checkpoints); // checkpoint 4 completed and committed
        h.close();
        Map<String, String> before = committed(out);
        assertThat(before).isNotEmpty();
        for (int restart = 0; restart < 2; restart++) { // restored twice: both times its committables are committed already
            OneInputOperatorTestHarness<String, Void> r = harness(out);
            r.setup().initializeState(checkpoints.get(4L), 4).open();
            assertThat(committed(out)).isEqualTo(before);
            r.processElement(record(4 * CHECKPOINT_EVERY)); // then it crashes again
            r.close();
        }
        OneInputOperatorTestHarness<String, Void> r = harness(out);
        r.setup().initializeState(checkpoints.get(4L), 4).open();
        run(r, 4 * CHECKPOINT_EVERY, RECORDS, new TreeMap<>());
        r.endInput();
        r.close();
        assertThat(committed(out)).isEqualTo(expected);
        assertThat(hidden(out)).isEmpty();
    }

    @Test
    void aPartOpenAtACheckpointStaysOpenAndIsResumedAtItsCheckpointedLength() throws Exception {
        java.nio.file.Path out = dir.resolve("resume");
        OneInputOperatorTestHarness<String, Void> h = harness(out);
        h.open();
        h.processElement(record(0));
        StateSnapshot s1 = h.snapshot(1);
        h.notifyCheckpointComplete(1);
        assertThat(committed(out)).as("a part under its maximum size does not roll at a checkpoint").isEmpty();
        h.processElement(record(2)); // after the checkpoint: lost with the crash
        h.close();
        OneInputOperatorTestHarness<String, Void> r = harness(out);
        r.setup().initializeState(s1, 1).open();
        r.processElement(record(4));
        r.endInput();
        r.close();
        assertThat(committed(out)).containsExactly(Map.entry("even/part-0.txt", "record 0\nrecord 4\n"));
        assertThat(hidden(out)).isEmpty();
    }

    @Test
    void theWriterStateAndCommittablesReadBackAsWritten() throws Exception {
        FileWriterState state = new FileWriterState("id", new ArrayList<>(List.of(
                new FileWriterState.Bucket("even", 3, new FileWriterState.InProgress(dir.resolve(".p.inprogress.x"), dir.resolve("p"), 42, 1, 2)),
                new FileWriterState.Bucket("", 0, null))));
        FileWriterState.Serializer s = new FileWriterState.Serializer();
        assertThat(s.deserialize(s.getVersion(), s.serialize(state))).isEqualTo(state);
        FileSinkCommittable c = new FileSinkCommittable("even", dir.resolve(".p.inprogress.x"), dir.resolve("p"));
        FileSinkCommittable.Serializer cs = new FileSinkCommittable.Serializer();
        assertThat(cs.deserialize(cs.getVersion(), cs.serialize(c))).isEqualTo(c);
    }
}
