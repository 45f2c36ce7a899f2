package io.tidemark.flink.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.flink.examples.original.users.BatchTotals;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * A job in BATCH mode prints the same lines on Flink 2.3 and on Tidemark, and its window sums are
 * those of a plain group-by of its input by customer and second.
 */
class BatchPortsTest {

    /** BatchTotals' orders: customer, time, amount. */
    private static final Object[][] ORDERS = {{"a", 3_400L, 1}, {"b", 3_100L, 2}, {"a", 3_200L, 3}, {"a", 1_900L, 4},
        {"b", 900L, 5}, {"a", 1_100L, 6}, {"b", 3_900L, 7}};

    /** The window lines a group-by by (customer, second) gives: the earliest time of each group, its sum. */
    private static List<String> groupBy() {
        Map<String, long[]> groups = new TreeMap<>();
        for (Object[] o : ORDERS) {
            long time = (Long) o[1];
            long[] g = groups.computeIfAbsent(o[0] + "/" + time / 1000, k -> new long[] {Long.MAX_VALUE, 0});
            g[0] = Math.min(g[0], time);
            g[1] += (Integer) o[2];
        }
        List<String> lines = new ArrayList<>();
        groups.forEach((k, g) -> lines.add("window> (" + k.substring(0, k.indexOf('/')) + "," + g[0] + "," + g[1] + ")"));
        lines.sort(null);
        return lines;
    }

    @Test
    void batchTotals() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("users/BatchTotals.java");
        List<String> flink = ExamplePorts.printedByFlink(() -> BatchTotals.main(new String[0]));
        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.users.BatchTotals.main(new String[0]));
        flink.sort(null);
        tidemark.sort(null);
        assertThat(tidemark).isEqualTo(flink)
                .containsAll(groupBy())
                .contains("total> (a,1100,14)", "total> (b,900,14)", "rules> ruled a 60", "rules> ruled b 700",
                        "timers> order (a,1100,6) sees watermark -9223372036854775808",
                        "timers> EVENT_TIME timer of b for 4400 at watermark 9223372036854775807",
                        "timers> PROCESSING_TIME timer of a")
                .noneMatch(l -> l.startsWith("late"))
                .hasSize(29);
        assertThat(tidemark.stream().filter(l -> l.startsWith("window")).toList()).isEqualTo(groupBy());
    }
}
