package io.tidemark.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tidemark.cli.config.ConfigException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Asks a running job why a window has not fired.",
            "The job runs with monitoring (the job file's monitoring.port, or run --monitor-port); this asks its",
            "monitor's /api/explain and prints the reason, a sentence, and the seeds' checklist line by line.",
            "Exit code 1 when the monitor cannot be reached."})
final class ExplainCommand implements Callable<Integer> {

    private final Main.Io io;

    @Option(names = "--monitor", paramLabel = "URL", defaultValue = "http://127.0.0.1:9249",
            description = "The job's monitor (default: ${DEFAULT-VALUE}).")
    String monitor;

    @Option(names = {"--port", "--monitor-port"}, paramLabel = "PORT",
            description = "The job's monitor on this port of 127.0.0.1: the same as --monitor http://127.0.0.1:PORT.")
    Integer port;

    @Option(names = "--key", paramLabel = "KEY", required = true,
            description = "The window's key, as results show it (several key-by fields: their values joined by '|').")
    String key;

    @Option(names = "--window-start", paramLabel = "T", required = true,
            description = "The window's start: epoch milliseconds, or an ISO-8601 instant (2024-01-01T08:00:00Z).")
    String windowStart;

    @Option(names = "--json", description = "Print the monitor's JSON answer as it is.")
    boolean json;

    ExplainCommand(Main.Io io) {
        this.io = io;
    }

    @Override
    public Integer call() throws InterruptedException {
        long start = parseStart(windowStart);
        if (port != null) {
            if (port < 1 || port > 65535) {
                throw new ConfigException("--port", "must be 1 to 65535: " + port);
            }
            monitor = "http://127.0.0.1:" + port;
        }
        String base = monitor.endsWith("/") ? monitor.substring(0, monitor.length() - 1) : monitor;
        URI uri;
        try {
            uri = URI.create(base + "/api/explain?key=" + URLEncoder.encode(key, StandardCharsets.UTF_8) + "&window_start=" + start);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("--monitor", "not a URL: " + monitor);
        }
        String body;
        try {
            HttpResponse<String> r = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()
                    .send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).GET().build(),
                            HttpResponse.BodyHandlers.ofString());
            body = r.body();
            if (r.statusCode() != 200) {
                io.err().println("tidemark: the monitor at " + base + " answered " + r.statusCode() + ": " + body);
                return Main.FAILED;
            }
        } catch (IOException e) {
            io.err().println("tidemark: no monitor at " + base + " (" + e + "); start the job with monitoring.port or "
                    + "run --monitor-port");
            return Main.FAILED;
        }
        if (json) {
            io.out().println(body);
            return Main.OK;
        }
        JsonNode e;
        try {
            e = new ObjectMapper().readTree(body);
        } catch (IOException x) {
            io.err().println("tidemark: the monitor's answer is not JSON: " + body);
            return Main.FAILED;
        }
        io.out().println(e.path("reason").asText() + ": " + e.path("message").asText());
        for (JsonNode c : e.path("checklist")) {
            io.out().printf("  %-8s %s: %s%n", c.path("finding").asText(), c.path("check").asText(), c.path("detail").asText());
        }
        return Main.OK;
    }

    /** Epoch milliseconds, or an ISO-8601 instant. */
    static long parseStart(String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            try {
                return Instant.parse(s.trim()).toEpochMilli();
            } catch (DateTimeParseException x) {
                throw new ConfigException("--window-start", "expected epoch milliseconds or an ISO-8601 instant, got '" + s + "'");
            }
        }
    }
}
