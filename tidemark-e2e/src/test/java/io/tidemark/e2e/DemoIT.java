package io.tidemark.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./tidemark demo}, the README's first command, and what it tells the user to run next — on the
 * embedded engine and, once, on Flink ({@code demo --engine flink}: the Flink runner and Flink's jars from
 * {@code tidemark-flink/target/lib}, where a dependency of test scope once went missing and every
 * {@code --engine flink} run failed with {@code NoClassDefFoundError}, exit code 4).
 */
class DemoIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    static Path work;

    private static Launcher.Result embedded;

    @BeforeAll
    static void demo() throws Exception {
        embedded = Launcher.run(work.resolve("embedded-run"), TIMEOUT, "demo", "--dir", work.resolve("embedded").toString())
                .exits(0);
    }

    @Test
    void theDemoThenWhatItSuggests() throws Exception {
        Path job = work.resolve("embedded/order-stats.yaml");
        assertThat(embedded.out()).contains("== Results (first 20 of 60 rows in table order_stats)")
                .doesNotContain("§").doesNotContain("seeds'") // no internal jargon
                .contains("are the late records below")
                .contains("Run it again:  ./tidemark run " + job)
                .containsPattern("accounted +69170 lines read = \\d+ in window results \\+ \\d+ late \\+ \\d+ dead letters: OK");
        assertThat(Files.exists(work.resolve("embedded/out/dead-letter.jsonl"))).isTrue();

        assertThat(Launcher.run(work.resolve("validate"), TIMEOUT, "validate", job.toString()).exits(0).out())
                .contains("order-stats");
        Launcher.Result again = Launcher.run(work.resolve("run"), TIMEOUT, "run", job.toString()).exits(0);
        assertThat(Launcher.summaryCounts(again.out())).isEqualTo(Launcher.summaryCounts(embedded.out()));

        assertThat(Launcher.run(work.resolve("reconcile-1"), TIMEOUT, "reconcile", job.toString()).exits(1).out())
                .contains("windows differ").contains("explained by late records");
        assertThat(Launcher.run(work.resolve("backfill"), TIMEOUT, "backfill", job.toString()).exits(0).out())
                .containsPattern("wrote \\d+ corrected windows to jdbc table order_stats");
        assertThat(Launcher.run(work.resolve("reconcile-2"), TIMEOUT, "reconcile", job.toString()).exits(0).out())
                .contains("no differences: the results equal the batch recomputation");
    }

    @Test
    void theDemoOnFlinkCountsWhatTheEmbeddedEngineCounts() throws Exception {
        Launcher.Result flink = Launcher.run(work.resolve("flink-run"), TIMEOUT, "demo", "--engine", "flink", "--dir",
                work.resolve("flink").toString()).exits(0);
        List<String> counts = Launcher.summaryCounts(flink.out());
        assertThat(counts).hasSize(5).isEqualTo(Launcher.summaryCounts(embedded.out()));
        assertThat(flink.out()).contains("Run it again:  ./tidemark run --engine flink " + work.resolve("flink/order-stats.yaml"));
        assertThat(flink.err()).doesNotContain("Exception").doesNotContain("Error");
    }
}
