package io.tidemark.flink.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.flink.examples.original.users.AsyncLookup;
import io.tidemark.flink.examples.original.users.CollectAndPlan;
import io.tidemark.flink.examples.original.users.ConfiguredJob;
import io.tidemark.flink.examples.original.users.SubtaskReport;
import io.tidemark.flink.examples.original.users.WordsBySubtask;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Flink 2 users' programs (tidemark-examples, {@code io.tidemark.examples.flink.users}) print what the
 * same programs print on Flink 2.3, and differ from them only in their imports: each exercises API that
 * real programs use beyond Flink's own examples.
 */
class UserProgramPortsTest {

    private static List<String> sorted(List<String> lines) {
        lines.sort(null);
        return lines;
    }

    /**
     * Task and job info, a typed output tag, Flink 2's legacy print sink, annotations, uids, a uid hash,
     * descriptions, a slot sharing group and chaining: the map in a chain of its own reports its own
     * name as its task's on both engines.
     */
    @Test
    void subtaskReport() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("users/SubtaskReport.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> SubtaskReport.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.users.SubtaskReport.main(new String[0]));
        assertThat(sorted(tidemark)).isEqualTo(sorted(flink))
                .contains("open reporter (2/2)#0 of 2, max 128, attempt 0, job 'subtask report' (32 hex digits)",
                        "even 10", "odd> odd 9")
                .hasSize(12);
    }

    /**
     * Keys go to the subtasks Flink sends them to: a word count at parallelism 4 and a stage by word
     * length at parallelism 3 print the same prefixed lines ({@code counts:3> (to,7)}) as on Flink, at
     * Flink's default maximum parallelism (128) and at a maximum parallelism of 7 set in the program.
     * By hand: "to" (8 times in the text) has hash code 3707, key group 91 of 128 (91 × 4 / 128 = 2) and
     * 4 of 7 (4 × 4 / 7 = 2), so subtask 2, printed {@code 3>}; length 2 has key group 127 of 128
     * (127 × 3 / 128 = 2) and 6 of 7 (6 × 3 / 7 = 2).
     */
    @Test
    void wordsGoToFlinksSubtasks() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("users/WordsBySubtask.java");
        for (String[] args : new String[][] {{}, {"7"}}) {
            List<String> flink = ExamplePorts.printedByFlink(() -> WordsBySubtask.main(args));
            List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.users.WordsBySubtask.main(args));
            assertThat(sorted(tidemark)).as("max parallelism %s", List.of(args)).isEqualTo(sorted(flink))
                    .contains("counts:3> (to,8)", "lengths:3> length 2");
        }
    }

    /**
     * A job configured through a {@code Configuration}: the same parallelism, maximum parallelism,
     * watermark interval and option values on both engines, and the fixed-delay restart strategy
     * restarts it once on both (its map reports attempt 1).
     */
    @Test
    void configuredJob() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("users/ConfiguredJob.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> ConfiguredJob.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.users.ConfiguredJob.main(new String[0]));
        assertThat(sorted(tidemark)).isEqualTo(sorted(flink))
                .contains("parallelism 2, max 64, watermarks every 50 ms, checkpoint timeout PT2M, first 3, 10 ms between attempts",
                        "open subtask 1 of 2, attempt 1, max 64", "n 3", "n 6")
                .hasSize(7);
    }

    /**
     * The plan of a job and its results read back: the same plan on both engines but for node ids
     * (each engine numbers its own), the same collected records, and the first three records of an
     * endless sequence, after which the job stops on both.
     */
    @Test
    void collectAndPlan() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("users/CollectAndPlan.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> CollectAndPlan.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.users.CollectAndPlan.main(new String[0]));
        assertThat(sorted(withoutIds(tidemark))).isEqualTo(sorted(withoutIds(flink)))
                .contains("    \"type\" : \"Source: numbers\",", "      \"ship_strategy\" : \"HASH\",", "collected 8",
                        "18", "first [1, 2, 3]");
    }

    private static List<String> withoutIds(List<String> lines) {
        List<String> out = new java.util.ArrayList<>();
        for (String l : lines) {
            out.add(l.replaceAll("\"id\" : \\d+", "\"id\" : N"));
        }
        return out;
    }

    /**
     * Async I/O: the ordered lookups print in the order Flink prints them (the order of their records),
     * the unordered ones as the same set, the lookup that never answers times out on both, and the
     * flaky service's empty answers are retried on both.
     */
    @Test
    void asyncLookup() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("users/AsyncLookup.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> AsyncLookup.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.users.AsyncLookup.main(new String[0]));
        for (String sink : List.of("ordered> ", "retried> ")) {
            assertThat(tidemark.stream().filter(l -> l.startsWith(sink)).toList()).as(sink)
                    .isEqualTo(flink.stream().filter(l -> l.startsWith(sink)).toList()).hasSize(20);
        }
        assertThat(sorted(tidemark)).isEqualTo(sorted(flink)).hasSize(60)
                .contains("ordered> timed out 13", "unordered> timed out 13", "retried> 4 on call 2", "retried> 5 on call 1");
    }
}
