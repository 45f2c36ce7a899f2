package io.tidemark.flink.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.flink.examples.original.users.SubtaskReport;
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
}
