package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code max-out-of-orderness: 5000s}, meant as 5 s, made every window wait until the end of the input
 * and ran silently. validate and run now warn before (more than 10 times the window size) and the
 * summary after (longer than the event time the results span); a plausible bound is not warned about.
 */
class BoundWarningTest {

    @TempDir
    Path dir;

    private Path job(String bound) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            lines.add(order("u" + (i % 3), i * 1000L, "1")); // 10 minutes of orders, one a second
        }
        write(dir, "orders.jsonl", lines.toArray(String[]::new));
        return CliHarness.job(dir, "strategy: bounded\nmax-out-of-orderness: " + bound, "type: tumbling\nsize: 1m");
    }

    @Test
    void aBoundOfHundredsOfWindowsIsWarnedAboutBeforeAndAfter() throws Exception {
        Path job = job("5000s");
        assertThat(run("validate", job.toString()).assertOk().out())
                .contains("warning: watermark.max-out-of-orderness (1h23m20s) is more than 10 times window.size (1m)");
        CliHarness.Result r = run("run", job.toString()).assertOk();
        assertThat(r.err()).contains("tidemark: warning: watermark.max-out-of-orderness (1h23m20s) is more than 10 times window.size (1m): "
                + "each window fires 1h23m20s of event time after its end, or only when the input ends. Was a smaller bound meant?");
        assertThat(r.out()).contains("  warning            watermark.max-out-of-orderness (1h23m20s) is longer than the event time the "
                + "results span (10m): the watermark trailed the latest event time by the whole bound, so no window could fire "
                + "before the input ended");
    }

    @Test
    void aPlausibleBoundIsNotWarnedAbout() throws Exception {
        Path job = job("5s");
        assertThat(run("validate", job.toString()).assertOk().out()).doesNotContain("warning");
        CliHarness.Result r = run("run", job.toString()).assertOk();
        assertThat(r.err()).doesNotContain("warning");
        assertThat(r.out()).doesNotContain("warning");
    }
}
