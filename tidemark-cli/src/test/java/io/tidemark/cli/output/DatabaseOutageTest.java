package io.tidemark.cli.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.Main;
import io.tidemark.connector.jdbc.PostgresServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PostgreSQL outage that the table output rides out is told in the run's summary: how many transient
 * errors were retried and how long the writes waited. The attack's run retried through a 6–60 s outage
 * and ended with exit 0 and no word of it. Here the server is down when the run starts and comes back at
 * the writer's first wait (the test acts at the moment of the retry instead of waiting).
 */
class DatabaseOutageTest {

    @TempDir
    Path dir;

    private PostgresServer server;

    @AfterEach
    void restore() {
        JdbcOutput.sleeper = io.tidemark.connector.jdbc.Sleeper.THREAD;
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aRetriedOutageIsCountedAndTimedInTheSummary() throws Exception {
        server = PostgresServer.start(); // its own: the test stops it
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            lines.add("{\"userId\": \"u" + (i % 2) + "\", \"eventTime\": " + i * 1000 + ", \"amount\": 1}");
        }
        Files.write(dir.resolve("orders.jsonl"), lines);
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: file, path: orders.jsonl}",
                "event-time: {field: eventTime}",
                "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 5s}",
                "aggregate: [count]",
                "output:",
                "  results: {type: jdbc, table: outage_results, url: \"" + server.url() + "\", user: " + server.user() + "}",
                ""));
        server.kill();
        AtomicInteger waits = new AtomicInteger();
        JdbcOutput.sleeper = millis -> {
            if (waits.getAndIncrement() == 0) {
                try {
                    server.startServer();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        };

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.execute(new String[] {"run", "--no-progress", job.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String summary = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(waits.get()).isEqualTo(1);
        assertThat(summary).containsPattern("\n  output.results +1 transient database error retried: the writes went through after "
                + "waiting \\d+\\.\\d s in all \\(jdbc table outage_results at jdbc:postgresql:");
        try (Connection c = server.connect(); ResultSet rs = c.createStatement().executeQuery("select count(*) from outage_results")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(4); // two users, two windows each
        }
    }
}
