package io.tidemark.flink.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.flink.examples.original.join.WindowJoin;
import io.tidemark.flink.examples.original.statemachine.StateMachineExample;
import io.tidemark.flink.examples.original.windowing.SessionWindowing;
import io.tidemark.flink.examples.original.windowing.TopSpeedWindowing;
import io.tidemark.flink.examples.original.windowing.WindowWordCount;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ports of Flink's windowing and join examples print what the same programs print on Flink 2.3
 * (the expected lines come from running Flink's program in the test), and differ from them only in
 * their imports. Where Flink's order is not defined (windows of different keys firing at one watermark,
 * results of parallel subtasks) the lines are compared as sorted lists.
 */
class WindowingExamplePortsTest {

    private static List<String> sorted(List<String> lines) {
        lines.sort(null);
        return lines;
    }

    @Test
    void windowWordCount() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("windowing/WindowWordCount.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> WindowWordCount.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.windowing.WindowWordCount.main(new String[0]));
        // one source at parallelism 1: each word's windows fire in the order of its occurrences, but words
        // interleave as the keyed exchange delivers them
        assertThat(sorted(tidemark)).isEqualTo(sorted(flink)).contains("(to,10)", "(to,5)");
    }

    @Test
    void sessionWindowing() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("windowing/SessionWindowing.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> SessionWindowing.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.windowing.SessionWindowing.main(new String[0]));
        assertThat(sorted(tidemark)).isEqualTo(sorted(flink)).contains("(a,1,1)", "(b,1,3)", "(c,6,1)", "(c,11,1)");
    }

    @Test
    void topSpeedWindowing() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("windowing/TopSpeedWindowing.java", "windowing/CarData.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> TopSpeedWindowing.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.windowing.TopSpeedWindowing.main(new String[0]));
        // one source, one window subtask, one sink: the order is defined, and equal
        assertThat(tidemark).isEqualTo(flink).hasSizeGreaterThan(20);
    }

    @Test
    void windowJoin() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("join/WindowJoin.java", "join/WindowJoinSampleData.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> WindowJoin.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.join.WindowJoin.main(new String[0]));
        assertThat(sorted(tidemark)).isEqualTo(sorted(flink)).hasSizeGreaterThan(20);
    }

    @Test
    void stateMachineExample() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("statemachine/StateMachineExample.java", "statemachine/dfa/State.java",
                "statemachine/dfa/Transition.java", "statemachine/dfa/EventTypeAndState.java", "statemachine/event/Event.java",
                "statemachine/event/EventType.java", "statemachine/event/Alert.java",
                "statemachine/generator/EventsGenerator.java", "statemachine/generator/EventsGeneratorFunction.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> StateMachineExample.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(
                () -> io.tidemark.examples.flink.statemachine.StateMachineExample.main(new String[0]));
        // one generator subtask, keyed by address: the alerts of different addresses interleave as the exchange delivers them
        assertThat(sorted(tidemark)).isEqualTo(sorted(flink)).anyMatch(l -> l.startsWith("ALERT "));
    }
}
