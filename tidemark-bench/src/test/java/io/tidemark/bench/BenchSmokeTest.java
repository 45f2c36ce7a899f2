package io.tidemark.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Keeps the benchmark compiling and correct: a tiny version of every workload on Tidemark and both
 * hand-written loops, and one workload on Flink (a MiniCluster costs seconds), must produce the same
 * results. Asserts nothing about time.
 */
class BenchSmokeTest {

    @Test
    void everyWorkloadGivesTheSameResultsOnTidemarkWithAndWithoutCheckpointsAndBothLoops() throws Exception {
        BenchMain.Report r = BenchMain.run(new String[] {"--smoke", "--engines", "dense,hash,tidemark,cp-1s", "W1", "W2", "W3", "W4",
                "W5"});
        assertThat(r.rows).hasSize(8 * 4);
        assertThat(r.rows).allSatisfy(row -> {
            assertThat(row.match()).as(row.workload() + " on " + row.engine()).isTrue();
            assertThat(row.results()).as(row.workload() + " results").isPositive();
        });
        assertThat(r.rows).filteredOn(row -> row.workload().equals("W4")).allSatisfy(row ->
                assertThat(row.lateEvents()).as("W4 has too-late events on the side").isPositive());
        assertThat(r.allMatch).isTrue();
    }

    @Test
    void flinkGivesTheSameResultsOnW4AndQ8DirectlyAndThroughTheRunner() throws Exception {
        BenchMain.Report r = BenchMain.run(new String[] {"--smoke", "--engines", "dense,tidemark,flink,runner", "W4", "Q8"});
        assertThat(r.rows).hasSize(2 * 4).allSatisfy(row -> {
            assertThat(row.match()).as(row.workload() + " on " + row.engine()).isTrue();
            assertThat(row.results()).as(row.workload() + " results").isPositive();
        });
    }

    @Test
    void parallelismTwoGivesTheSameResultsAsTheLoops() throws Exception {
        BenchMain.Report r = BenchMain.run(new String[] {"--smoke", "--parallelism", "2", "--engines", "dense,tidemark",
                "W1", "W2", "W3"});
        assertThat(r.rows).hasSize(3 * 2).allSatisfy(row -> assertThat(row.match()).as(row.workload() + " on " + row.engine()).isTrue());
    }

    @Test
    void roundsRunEveryEngineAgainAndReportMedianRatios() throws Exception {
        BenchMain.Report r = BenchMain.run(new String[] {"--smoke", "--rounds", "3", "--engines", "dense,tidemark", "W1"});
        assertThat(r.rows).hasSize(3 * 2).allSatisfy(row -> assertThat(row.match()).isTrue());
        assertThat(r.rows).extracting(BenchMain.Row::round).containsExactly(1, 1, 2, 2, 3, 3);
        assertThat(r.lines).anySatisfy(l -> assertThat(l).startsWith("ratios (median over rounds").contains("Tidemark/dense loop"));
    }

    @Test
    void recordsMadeBeforeTimingOrByTheSourcesGiveTheSameResults() throws Exception {
        BenchMain.Report made = BenchMain.run(new String[] {"--smoke", "--engines", "dense,tidemark", "W1", "W5"});
        BenchMain.Report constructed = BenchMain.run(new String[] {"--smoke", "--construct-records", "--engines", "dense,tidemark", "W1", "W5"});
        assertThat(made.allMatch).isTrue();
        assertThat(constructed.allMatch).isTrue();
        assertThat(made.rows).extracting(BenchMain.Row::digest)
                .containsExactlyElementsOf(constructed.rows.stream().map(BenchMain.Row::digest).toList());
        assertThat(made.lines).anySatisfy(l -> assertThat(l).startsWith("== W1").contains("framework records made before timing"));
        assertThat(constructed.lines).anySatisfy(l -> assertThat(l).startsWith("== W1").contains("made by the sources while timed"));
    }

    @Test
    void k1ReadsW1FromKafkaWithTheSameResultsOnTidemarkAndFlinksKafkaSource() throws Exception {
        BenchMain.Report r = BenchMain.run(new String[] {"--smoke", "--parallelism", "2", "--engines", "tidemark,flink", "K1"});
        assertThat(r.rows).extracting(BenchMain.Row::engine).containsExactly(KafkaBench.PERF_TOOL, "tidemark", "flink");
        assertThat(r.rows).filteredOn(row -> !row.engine().equals(KafkaBench.PERF_TOOL)).allSatisfy(row -> {
            assertThat(row.match()).as(row.workload() + " on " + row.engine()).isTrue();
            assertThat(row.results()).isPositive();
        });
        assertThat(r.rows).extracting(BenchMain.Row::workload).containsOnly("K1/p2");
        assertThat(r.lines).anySatisfy(l -> assertThat(l).startsWith("ratios").contains("p=2 Tidemark/Flink KafkaSource")
                .contains("p=2 Tidemark/kafka-consumer-perf-test"));
        assertThat(r.lines).anySatisfy(l -> assertThat(l).startsWith("kafka-consumer-perf-test's own report").contains(", 20000, "));
    }

    @Test
    void f1RunsTheLauncherOnAFileAndGivesDuckDbsTable() throws Exception {
        BenchMain.Report r = BenchMain.run(new String[] {"--smoke", "--parallelism", "2", "F1"});
        assertThat(r.allMatch).isTrue();
        assertThat(r.rows).extracting(BenchMain.Row::engine).containsExactly("duckdb", "tidemark", "duckdb", "tidemark");
        assertThat(r.rows).allSatisfy(row -> assertThat(row.results()).isPositive());
    }

    @Test
    void medianOfSortedValues() {
        assertThat(BenchMain.median(new double[] {1, 2, 9})).isEqualTo(2);
        assertThat(BenchMain.median(new double[] {1, 2, 4, 9})).isEqualTo(3);
    }

    @Test
    void latencyAndGrowthRunSmall() throws Exception {
        BenchMain.Report r = BenchMain.run(new String[] {"--smoke", "--engines", "dense,tidemark", "--latency",
                "--rate", "200000", "--seconds", "1", "--growth"});
        assertThat(r.allMatch).isTrue();
        assertThat(r.rows).anySatisfy(row -> assertThat(row.workload()).isEqualTo("latency"));
        assertThat(r.rows).filteredOn(row -> row.workload().equals("growth")).hasSize(4);
    }

    @Test
    void countsParse() {
        assertThat(BenchMain.parseCount("20M")).isEqualTo(20_000_000L);
        assertThat(BenchMain.parseCount("500k")).isEqualTo(500_000L);
        assertThat(BenchMain.parseCount("1_000")).isEqualTo(1_000L);
    }
}
