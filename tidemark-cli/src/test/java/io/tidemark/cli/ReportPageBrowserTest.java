package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pages of {@code tidemark profile --html} and {@code tune --html} in a real browser (Debian's
 * chromium through playwright-core, as {@link MonitorPageBrowserTest}): every chart is drawn, nothing
 * errs on the console, and the page asks the network for nothing (uPlot and the figures are inlined).
 */
class ReportPageBrowserTest {

    static final Path SCREENSHOT = Path.of("target/profile-report.png");

    @TempDir
    Path dir;

    @Test
    void profileAndTuneReportsDrawEveryChartWithoutANetwork() throws Exception {
        assertThat(Path.of("/usr/bin/chromium")).as("Debian's chromium (apt-get install chromium, as .ci/run does)").exists();
        MonitorPageBrowserTest.installPlaywright();
        Path data = dir.resolve("orders.jsonl");
        CliHarness.run("generate", "--keys", "10", "--rate", "2", "--duration", "26h", "--seed", "5", "--splits", "3",
                "--idle", "p1@3h+20m", "--very-late-fraction", "0.002", "--output", data.toString()).assertOk();
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, ReplayAndGenerateTest.job("orders.jsonl"));
        Path profile = dir.resolve("profile.html");
        CliHarness.Result p = CliHarness.run("profile", job.toString(), "--html", profile.toString()).assertOk();
        assertThat(p.out()).contains("report: " + profile.toAbsolutePath());
        assertThat(Files.readString(profile, StandardCharsets.UTF_8)).contains("uPlot").doesNotContain("/*DATA*/");
        assertThat(charts(profile, SCREENSHOT))
                .contains("chart-cdf=", "chart-histogram=", "chart-tradeoff=", "chart-hours=", "chart-gaps=");
        Path tune = dir.resolve("tune.html");
        CliHarness.run("tune", job.toString(), "--bounds", "1s,5s,10s,30s", "--lateness", "0s,30s", "--max-late-share", "1%",
                "--html", tune.toString()).assertOk();
        assertThat(charts(tune, dir.resolve("tune.png"))).contains("chart-tradeoff=");
    }

    /** The page's charts as the browser drew them: {@code id=colours} for each. */
    private String charts(Path page, Path screenshot) throws Exception {
        Process node = new ProcessBuilder("node", "report-page.mjs", page.toString(), dir.resolve("chromium-profile").toString(),
                screenshot.toAbsolutePath().toString()).directory(MonitorPageBrowserTest.BROWSER.toFile()).redirectErrorStream(true).start();
        String said = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(node.exitValue()).as("node said: " + said).isZero();
        assertThat(said).startsWith("CHARTS ");
        assertThat(screenshot).isNotEmptyFile();
        return said.strip();
    }
}
