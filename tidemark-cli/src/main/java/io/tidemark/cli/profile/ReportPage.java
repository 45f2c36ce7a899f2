package io.tidemark.cli.profile;

import io.tidemark.monitor.Charts;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --html}: the figures of {@code profile} or {@code tune} as one self-contained page — the page
 * template, the figures as JSON and uPlot inlined ({@link Charts}) — that opens without a network:
 * the disorder's CDF and histogram with the quantiles and the bound marked, the trade-off of late share
 * and firing delay against the bound, peak and valley by time of day, and idle gaps per split.
 */
final class ReportPage {

    private ReportPage() {}

    static void write(Object figures, Path file) throws IOException {
        String template;
        try (InputStream in = ReportPage.class.getResourceAsStream("report.html")) {
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // JSON inside a script element: no "</" may close it early
        String data = Json.write(figures).replace("</", "<\\/");
        String page = Charts.inline(template).replace("/*DATA*/null", data);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, page, StandardCharsets.UTF_8);
    }
}
