package io.tidemark.flink.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.examples.flink.WordCount;
import io.tidemark.flink.FlinkRunner;
import io.tidemark.flink.SharedMiniCluster;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;
import org.junit.jupiter.api.Test;

/**
 * The ports of Flink's examples in tidemark-examples ({@code io.tidemark.examples.flink}) print what the
 * same programs print on Flink 2.3. The Flink side is the example written with Flink's imports, run on a
 * MiniCluster; the Tidemark side is the port's {@code main}, its standard output captured.
 */
class FlinkExamplePortsTest {

    /** Flink's WordCount (in-memory input), with Flink's imports. */
    static final class FlinkTokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {
        @Override
        public void flatMap(String value, Collector<Tuple2<String, Integer>> out) {
            for (String token : value.toLowerCase().split("\\W+")) {
                if (token.length() > 0) {
                    out.collect(new Tuple2<>(token, 1));
                }
            }
        }
    }

    @Test
    void wordCountPrintsWhatFlinkPrints() throws Exception {
        StreamExecutionEnvironment env = FlinkRunner.environment(SharedMiniCluster.options());
        env.setParallelism(1);
        DataStream<String> text = env.fromData(WordCount.WORDS).name("in-memory-input");
        DataStream<Tuple2<String, Integer>> counts = text.flatMap(new FlinkTokenizer()).name("tokenizer")
                .keyBy(value -> value.f0).sum(1).name("counter");
        List<String> flink = new ArrayList<>();
        counts.executeAndCollect(1000).forEach(t -> flink.add(t.toString()));

        List<String> tidemark = ExamplePorts.printed(() -> WordCount.main(new String[0]));
        // one source, parallelism 1 on both: the order is defined, and equal
        assertThat(tidemark).isEqualTo(flink).contains("(to,4)", "(the,3)");
    }

    // ---------------------------------------------------------------- SideOutputExample

    private static final org.apache.flink.util.OutputTag<String> REJECTED = new org.apache.flink.util.OutputTag<String>("rejected") {};

    /** Flink's SideOutputExample's tokenizer, with Flink's imports. */
    static final class FlinkSideTokenizer extends org.apache.flink.streaming.api.functions.ProcessFunction<String, Tuple2<String, Integer>> {
        @Override
        public void processElement(String value, Context ctx, Collector<Tuple2<String, Integer>> out) {
            for (String token : value.toLowerCase().split("\\W+")) {
                if (token.length() > 5) {
                    ctx.output(REJECTED, token);
                } else if (token.length() > 0) {
                    out.collect(new Tuple2<>(token, 1));
                }
            }
        }
    }

    /** The per-word total of the printed window counts, and the rejected lines: what does not depend on the wall clock. */
    private static Map<String, Integer> totals(List<String> lines, List<String> rejected) {
        Map<String, Integer> totals = new TreeMap<>();
        for (String line : lines) {
            if (line.startsWith("rejected: ")) {
                rejected.add(line);
            } else {
                String[] wordAndCount = line.substring(1, line.length() - 1).split(",");
                totals.merge(wordAndCount[0], Integer.parseInt(wordAndCount[1]), Integer::sum);
            }
        }
        Collections.sort(rejected);
        return totals;
    }

    @Test
    void sideOutputExamplePrintsWhatFlinkPrints() throws Exception {
        StreamExecutionEnvironment env = FlinkRunner.environment(SharedMiniCluster.options());
        env.setParallelism(1);
        DataStream<String> text = env.fromData(WordCount.WORDS).assignTimestampsAndWatermarks(
                org.apache.flink.api.common.eventtime.WatermarkStrategy.<String>forMonotonousTimestamps()
                        .withTimestampAssigner((event, ts) -> System.currentTimeMillis()));
        var tokenized = text.keyBy(value -> 0).process(new FlinkSideTokenizer());
        DataStream<String> rejected = tokenized.getSideOutput(REJECTED).map(value -> "rejected: " + value);
        DataStream<String> counts = tokenized.keyBy(value -> value.f0)
                .window(org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows.of(java.time.Duration.ofSeconds(5)))
                .sum(1).map(Tuple2::toString);
        List<String> flink = new ArrayList<>();
        counts.union(rejected).executeAndCollect(1000).forEach(flink::add);

        List<String> tidemark = ExamplePorts.printed(() -> io.tidemark.examples.flink.SideOutputExample.main(new String[0]));
        List<String> rejectedByFlink = new ArrayList<>();
        List<String> rejectedByTidemark = new ArrayList<>();
        // the windows are of ingestion time: how the words fall into 5 s windows depends on the wall
        // clock, the total per word and the rejected words do not
        assertThat(totals(tidemark, rejectedByTidemark)).isEqualTo(totals(flink, rejectedByFlink)).containsEntry("to", 6);
        assertThat(rejectedByTidemark).isEqualTo(rejectedByFlink).contains("rejected: question", "rejected: troubles");
    }

    // ---------------------------------------------------------------- ConnectExample, BroadcastExample

    /**
     * The connect example: an order is printed once its details arrived first, which the interleaving of
     * the two inputs decides on either engine. Every printed line must be one of the four possible joins
     * (order 12005 has no details), each at most once: on Flink 2.3 running Flink's program, and on
     * several runs of the port, which differs from it only in imports.
     */
    @Test
    void connectExamplePrintsOnlyFlinksPossibleJoins() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("ConnectExample.java");
        List<String> possible = List.of("==========> (12001,100-20190220-10)", "==========> (12002,200-20190220-25)",
                "==========> (12003,300-20190220-36)", "==========> (12004,400-20190220-47)");
        List<List<String>> runs = new ArrayList<>();
        runs.add(ExamplePorts.printedByFlink(() -> io.tidemark.flink.examples.original.ConnectExample.main(new String[0])));
        for (int run = 0; run < 3; run++) {
            runs.add(ExamplePorts.printed(() -> io.tidemark.examples.flink.ConnectExample.main(new String[0])));
        }
        for (List<String> lines : runs) {
            assertThat(possible).containsAll(lines);
            assertThat(lines).doesNotHaveDuplicates();
        }
    }

    /**
     * The broadcast example: the three rules are printed once each (parallelism 1), and each of the four
     * elements once, matched or not depending on whether its rule came first: on Flink 2.3 running
     * Flink's program and on the port, which differs from it only in imports.
     */
    @Test
    void broadcastExamplePrintsEachRuleAndEachElementOnce() throws Exception {
        ExamplePorts.assertImportsOnlyDiffer("BroadcastExample.java");
        assertBroadcastLines(ExamplePorts.printedByFlink(() -> io.tidemark.flink.examples.original.BroadcastExample.main(new String[0])));
        assertBroadcastLines(ExamplePorts.printed(() -> io.tidemark.examples.flink.BroadcastExample.main(new String[0])));
    }

    private static void assertBroadcastLines(List<String> lines) {
        assertThat(lines).filteredOn(l -> l.contains("=========>") && !l.startsWith("="))
                .containsExactlyInAnyOrder("10=========>20", "15=========>50", "20=========>100");
        List<String> elements = lines.stream().filter(l -> l.startsWith("==========> ")).sorted().toList();
        assertThat(elements).hasSize(4);
        assertThat(elements.get(0)).isEqualTo("==========> (20190220,5-nomatch-null)");
        assertThat(elements.get(1)).isIn("==========> (20190221,10-match-20)", "==========> (20190221,10-nomatch-null)");
        assertThat(elements.get(2)).isEqualTo("==========> (20190222,5-nomatch-null)");
        assertThat(elements.get(3)).isIn("==========> (20190223,20-match-100)", "==========> (20190223,20-nomatch-null)");
    }
}
