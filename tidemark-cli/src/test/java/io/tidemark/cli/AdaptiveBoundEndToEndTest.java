package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code watermark.strategy: adaptive} through the command: an adaptive bound held between equal
 * {@code min} and {@code max} is that fixed bound, so the run gives exactly the results and late records
 * of {@code bounded} with it (5 s) and of {@code monotonous} (0); a free one stays between its min and max
 * and accounts for every line.
 */
class AdaptiveBoundEndToEndTest {

    @TempDir
    Path dir;

    static List<String> input() {
        Random r = new Random(7);
        List<String> in = new ArrayList<>();
        long max = 0;
        for (int i = 0; i < 400; i++) {
            max += 100;
            long behind = i >= 150 && i < 250 ? r.nextInt(6_000) : r.nextInt(400); // a "peak" of wide disorder
            in.add(order("u" + (i % 3), max - behind, "1"));
        }
        return in;
    }

    List<List<String>> runWith(String watermark) throws Exception {
        write(dir, "orders.jsonl", input().toArray(String[]::new));
        Path job = CliHarness.job(dir, watermark + "\nemit: per-event", "type: tumbling\nsize: 10s");
        CliHarness.Result r = run("run", job.toString()).assertOk();
        assertThat(r.out()).contains(": OK");
        return List.of(lines(dir.resolve("out/results.jsonl")), lines(dir.resolve("out/late.jsonl")));
    }

    @Test
    void anAdaptiveBoundHeldAtOneValueIsThatFixedBound() throws Exception {
        assertThat(runWith("strategy: adaptive\nmin: 5s\nmax: 5s")).isEqualTo(runWith("strategy: bounded\nmax-out-of-orderness: 5s"));
        List<List<String>> zero = runWith("strategy: adaptive\nmin: 0s\nmax: 0s\nquantile: 50%");
        assertThat(zero).isEqualTo(runWith("strategy: monotonous"));
        assertThat(zero.get(1)).isNotEmpty(); // the peak's records behind the largest are late at bound 0
    }

    @Test
    void aFreeAdaptiveBoundLosesFewerRecordsThanItsMinAndAccountsForEveryLine() throws Exception {
        List<List<String>> free = runWith("strategy: adaptive\nquantile: 0.99\nfactor: 1.2\nwindow: 10s\nmin: 100ms\nmax: 8s");
        List<List<String>> atMin = runWith("strategy: bounded\nmax-out-of-orderness: 100ms");
        assertThat(free.get(1).size()).isLessThan(atMin.get(1).size());
    }
}
