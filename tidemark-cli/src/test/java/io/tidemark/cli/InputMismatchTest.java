package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job file that does not fit its input — the issue's {@code event-time.field: timestamp} on a CSV whose
 * column is {@code ts} — read every line, exited 3 with 100 % dead letters and replaced the last good
 * results with an empty file. A CSV's columns are now checked before anything is read (exit code 2, the
 * key, the columns, the closest one); JSON lines stop after the first 1000 records all dead for one
 * reason (exit code 1, the outputs as before the run).
 */
class InputMismatchTest {

    @TempDir
    Path dir;

    @BeforeEach
    void previousResults() throws Exception {
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/results.jsonl"), "PREVIOUS\n");
    }

    private Path job(String format, String timeField, String keyBy) throws Exception {
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, String.join("\n",
                "source: {type: file, path: orders." + format + ", format: " + format + "}",
                "event-time: {field: " + timeField + ", unit: ms}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s}",
                "key-by: [" + keyBy + "]",
                "window: {type: tumbling, size: 1m}",
                "aggregate: [count, {sum: amount}]",
                "output: {results: {type: jsonl, path: out/results.jsonl}, dead-letter: {type: jsonl, path: out/dead.jsonl}}",
                ""));
        return job;
    }

    private void csv(int rows) throws Exception {
        List<String> lines = new ArrayList<>(List.of("user,ts,amount"));
        for (int i = 0; i < rows; i++) {
            lines.add("u" + (i % 3) + "," + (1_704_067_200_000L + i * 1000L) + "," + i);
        }
        Files.write(dir.resolve("orders.csv"), lines, StandardCharsets.UTF_8);
    }

    @Test
    void aMisspeltCsvFieldStopsTheRunBeforeReadingAndKeepsTheLastResults() throws Exception {
        csv(50);
        Path job = job("csv", "timestamp", "user");
        CliHarness.Result r = run("run", job.toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains("event-time.field: no column 'timestamp' in the header of " + dir.resolve("orders.csv")
                + "; its columns: user, ts, amount (did you mean 'ts'?)");
        assertThat(Files.readString(dir.resolve("out/results.jsonl"))).isEqualTo("PREVIOUS\n");
        assertThat(dir.resolve("out/dead.jsonl")).doesNotExist();

        CliHarness.Result v = run("validate", job.toString());
        assertThat(v.exitCode()).isEqualTo(2);
        assertThat(v.err()).contains("event-time.field: no column 'timestamp'");
    }

    @Test
    void aMisspeltKeyByFieldIsNamedWithItsClosestColumn() throws Exception {
        csv(5);
        CliHarness.Result r = run("run", job("csv", "ts", "usr").toString());
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("key-by: no column 'usr' in the header of").contains("(did you mean 'user'?)");
        assertThat(run("run", job("csv", "ts", "user").toString()).assertOk().out()).contains("accounted").contains(": OK");
    }

    @Test
    void jsonLinesStopAfterTheFirstThousandRecordsAllDeadForOneReason() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            lines.add("{\"user\": \"u" + (i % 3) + "\", \"ts\": " + (1_704_067_200_000L + i * 1000L) + ", \"amount\": " + i + "}");
        }
        Files.write(dir.resolve("orders.jsonl"), lines, StandardCharsets.UTF_8);
        CliHarness.Result r = run("run", job("jsonl", "timestamp", "user").toString());
        assertThat(r.exitCode()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("the first 1000 records are all dead letters, each for the same reason: missing-event-time")
                .contains("line 1000").contains("outputs put back as they were before the run");
        assertThat(Files.readString(dir.resolve("out/results.jsonl"))).isEqualTo("PREVIOUS\n");
    }

    @Test
    void deadLettersAtTheStartForTwoReasonsOrBeforeAGoodRecordDoNotStopTheRun() throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 1500; i++) {
            lines.add(i == 700 ? "{\"user\": \"u1\", \"amount\": 1}" : i == 1200 ? "{\"user\": \"u1\", \"ts\": 1704067200000, \"amount\": 1}"
                    : "{\"user\": \"u1\", \"amount\": 1, \"ts\": \"x\"}");
        }
        Files.write(dir.resolve("orders.jsonl"), lines, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("job.yaml"), Files.readString(job("jsonl", "ts", "user")) + "dead-letter-limit: 100%\n");
        CliHarness.Result r = run("run", dir.resolve("job.yaml").toString()).assertOk();
        assertThat(r.out()).contains("accounted          1500 lines read = 1 in window results + 0 late + 1499 dead letters: OK");
    }
}
