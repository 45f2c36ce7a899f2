package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.END;
import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.result;
import static io.tidemark.cli.CliHarness.run;
import static io.tidemark.cli.CliHarness.write;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every dead-letter reason: the line goes to the dead-letter output with reason, file and line, and the job goes on. */
class BadInputTest {

    static final long B = 1704067200000L; // 2024-01-01T00:00:00Z
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    record Dead(String reason, String file, long line, String text) {}

    /** The dead letters, by line (a too-far-ahead letter may be written a few lines later, see TimeGuard). */
    List<Dead> deadLetters(Path p) throws Exception {
        List<Dead> out = new ArrayList<>();
        for (String l : lines(p)) {
            JsonNode n = JSON.readTree(l);
            assertThat(n.get("detail").asText()).isNotBlank();
            out.add(new Dead(n.get("reason").asText(), n.get("file").asText(), n.get("line").asLong(), n.get("text").asText()));
        }
        out.sort(java.util.Comparator.comparingLong(Dead::line));
        return out;
    }

    private Path job(String source, String eventTime, String extra) throws Exception {
        String yaml = String.join("\n",
                "source:",
                source.indent(2).stripTrailing(),
                "event-time:",
                eventTime.indent(2).stripTrailing(),
                "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}",
                "key-by: [userId]",
                "window: {type: tumbling, size: 1m}",
                "aggregate: [count, {sum: amount}]",
                "output:",
                "  results: {type: jsonl, path: out/results.jsonl}",
                "  late: {type: jsonl, path: out/late.jsonl}",
                "  dead-letter: {type: jsonl, path: out/dead.jsonl}",
                "dead-letter-limit: 100%",
                extra,
                "");
        Path p = dir.resolve("job.yaml");
        Files.writeString(p, yaml);
        return p;
    }

    @Test
    void everyKindOfBadLineIsDeadLetteredWithItsReasonAndTheJobGoesOn() throws Exception {
        String[] data = {
            order("u1", B + 1000, "1"),                                        // 1 ok
            "{\"userId\":\"u1\",\"eventTime\":17040672",                       // 2 unparsable (cut)
            "{\"userId\":\"u1\",\"amount\":1}",                                // 3 missing-event-time
            "{\"userId\":\"u1\",\"eventTime\":\"yesterday\",\"amount\":1}",    // 4 bad-event-time
            "{\"userId\":\"u1\",\"eventTime\":1704067202,\"amount\":1}",       // 5 wrong-unit: seconds
            "{\"eventTime\":" + (B + 2000) + ",\"amount\":1}",                 // 6 missing-field: userId
            "{\"userId\":\"u1\",\"eventTime\":" + (B + 3000) + ",\"amount\":\"abc\"}", // 7 not-a-number
            order("u1", B + 2 * 3600_000L, "100"),                             // 8 too-far-ahead: 2h > 1h
            "[1,2,3]",                                                         // 9 unparsable: not an object
            order("u1", B + 4000, "2"),                                        // 10 ok, and on time
            "{\"userId\":\"u1\",\"eventTime\":\"2024-01-01T00:00:05Z\",\"amount\":1}", // 11 wrong-unit: ISO text
            "",                                                                // 12 blank: skipped
            "{\"userId\":\"u1\",\"eventTime\":1704067200000000,\"amount\":1}"}; // 13 wrong-unit: microseconds
        Path file = write(dir, "orders.jsonl", data);
        Path job = job("type: file\npath: orders.jsonl", "field: eventTime\nunit: ms", "");

        CliHarness.Result r = run("run", job.toString()).assertOk();

        // the absurd future timestamp did not move the watermark: line 10 is on time, in the same window
        assertThat(lines(dir.resolve("out/results.jsonl"))).containsExactly(
                "{\"key\": {\"userId\": \"u1\"}, \"window_start\": " + B + ", \"window_end\": " + (B + 60000)
                        + ", \"count\": 2, \"sum_amount\": 3, \"timing\": \"ON_TIME\", \"firing\": 1, \"watermark\": " + END + "}");
        assertThat(lines(dir.resolve("out/late.jsonl"))).isEmpty();
        String f = file.toString();
        assertThat(deadLetters(dir.resolve("out/dead.jsonl"))).containsExactly(
                new Dead("unparsable", f, 2, data[1]),
                new Dead("missing-event-time", f, 3, data[2]),
                new Dead("bad-event-time", f, 4, data[3]),
                new Dead("wrong-unit", f, 5, data[4]),
                new Dead("missing-field", f, 6, data[5]),
                new Dead("not-a-number", f, 7, data[6]),
                new Dead("too-far-ahead", f, 8, data[7]),
                new Dead("unparsable", f, 9, data[8]),
                new Dead("wrong-unit", f, 11, data[10]),
                new Dead("wrong-unit", f, 13, data[12]));
        assertThat(r.out())
                .contains("lines read         13 (1 empty, skipped)")
                .contains("dead letters       10 (bad-event-time 1, missing-event-time 1, missing-field 1, not-a-number 1,"
                        + " too-far-ahead 1, unparsable 2, wrong-unit 3)")
                .contains("accounted          13 lines read = 2 in window results + 0 late + 10 dead letters + 1 empty: OK");
    }

    @Test
    void theUnitCheckWorksBothWaysAndCanBeSwitchedOff() throws Exception {
        String[] data = {
            order("u1", 1704067201L, "1"),          // seconds: fine for unit s
            order("u1", B + 2000, "1"),             // 13 digits: milliseconds where seconds are declared
            "{\"userId\":\"u1\",\"eventTime\":1704067203.5,\"amount\":1}"};  // fractional seconds: fine
        write(dir, "orders.jsonl", data);
        Path job = job("type: file\npath: orders.jsonl", "field: eventTime\nunit: s", "");
        CliHarness.Result r = run("run", job.toString()).assertOk();
        assertThat(deadLetters(dir.resolve("out/dead.jsonl"))).extracting(Dead::reason, Dead::line)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("wrong-unit", 2L));
        assertThat(lines(dir.resolve("out/results.jsonl"))).singleElement().asString().contains("\"count\": 2");
        assertThat(r.out()).contains("accounted          3 lines read = 2 in window results + 0 late + 1 dead letters: OK");

        // unit-check: false accepts a 10-digit value where ms are declared (as a time in January 1970)
        write(dir, "orders.jsonl", order("u1", 1704067202L, "1"));
        job = job("type: file\npath: orders.jsonl", "field: eventTime\nunit: ms\nunit-check: false", "");
        run("run", job.toString()).assertOk();
        assertThat(lines(dir.resolve("out/dead.jsonl"))).isEmpty();
        assertThat(lines(dir.resolve("out/results.jsonl"))).singleElement().asString()
                .contains("\"window_start\": 1704060000, \"window_end\": 1704120000");

        // iso8601 declared, epoch milliseconds given
        write(dir, "orders.jsonl", order("u1", B, "1"), "{\"userId\":\"u1\",\"eventTime\":\"2024-01-01T08:00:30+08:00\",\"amount\":1}");
        job = job("type: file\npath: orders.jsonl", "field: eventTime\nunit: iso8601", "");
        run("run", job.toString()).assertOk();
        assertThat(deadLetters(dir.resolve("out/dead.jsonl"))).extracting(Dead::reason).containsExactly("wrong-unit");
        assertThat(lines(dir.resolve("out/results.jsonl"))).singleElement().asString()
                .contains("\"window_start\": " + B).contains("\"count\": 1");
    }

    @Test
    void replayLinesWithoutASplitOrArrivalTimeAreDeadLettered() throws Exception {
        String[] data = {
            "{\"p\":\"a\",\"arrival\":" + (B + 1000) + ",\"userId\":\"u1\",\"eventTime\":" + (B + 1000) + ",\"amount\":1}",
            "{\"arrival\":" + (B + 1100) + ",\"userId\":\"u1\",\"eventTime\":" + (B + 1100) + ",\"amount\":1}",
            "{\"p\":\"a\",\"arrival\":\"soon\",\"userId\":\"u1\",\"eventTime\":" + (B + 1200) + ",\"amount\":1}",
            "{\"p\":\"a\",\"userId\":\"u1\",\"eventTime\":" + (B + 1300) + ",\"amount\":1}",
            // replay: 3h after the last record, both in event and in arrival time; the arrival vouches for it
            "{\"p\":\"a\",\"arrival\":" + (B + 3 * 3600_000L) + ",\"userId\":\"u1\",\"eventTime\":" + (B + 3 * 3600_000L) + ",\"amount\":1}",
            // arrives at once but claims to be 2h later: too far ahead of the arrival time too
            "{\"p\":\"a\",\"arrival\":" + (B + 3 * 3600_000L + 1) + ",\"userId\":\"u1\",\"eventTime\":" + (B + 5 * 3600_000L) + ",\"amount\":1}"};
        Path file = write(dir, "orders.jsonl", data);
        Path job = job("type: file\npath: orders.jsonl\npartition-field: p\narrival-time-field: arrival",
                "field: eventTime\nmax-future: 1h", "");

        CliHarness.Result r = run("run", job.toString()).assertOk();

        String f = file.toString();
        assertThat(deadLetters(dir.resolve("out/dead.jsonl"))).containsExactly(
                new Dead("missing-field", f, 2, data[1]),
                new Dead("bad-arrival-time", f, 3, data[2]),
                new Dead("bad-arrival-time", f, 4, data[3]),
                new Dead("too-far-ahead", f, 6, data[5]));
        assertThat(lines(dir.resolve("out/results.jsonl"))).hasSize(2);
        assertThat(r.out()).contains("accounted          6 lines read = 2 in window results + 0 late + 4 dead letters: OK");
    }

    @Test
    void csvInputAndOutputs() throws Exception {
        Path file = write(dir, "orders.csv",
                "userId,eventTime,amount",
                "u1," + (B + 1000) + ",1.50",
                "\"u,2\"," + (B + 2000) + ",2",
                "u1," + (B + 3000),                       // one value short
                "u1,\"" + (B + 4000) + "\",3");
        String yaml = String.join("\n",
                "source: {type: file, path: orders.csv}",   // format from the extension
                "event-time: {field: eventTime}",
                "watermark: {strategy: monotonous, emit: per-event}",
                "key-by: userId",
                "window: {type: tumbling, size: 1m}",
                "aggregate: [count, {max: amount}]",
                "output:",
                "  results: {type: csv, path: out/results.csv}",
                "  dead-letter: {type: csv, path: out/dead.csv}",
                "dead-letter-limit: 100%",
                "");
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, yaml);

        run("run", job.toString()).assertOk();

        assertThat(lines(dir.resolve("out/results.csv"))).containsExactly(
                "userId,window_start,window_end,count,max_amount,timing,firing,watermark",
                "u1," + B + "," + (B + 60000) + ",2,3,ON_TIME,1," + END,
                "\"u,2\"," + B + "," + (B + 60000) + ",1,2,ON_TIME,1," + END);
        assertThat(lines(dir.resolve("out/dead.csv"))).containsExactly(
                "reason,detail,file,line,text,bytes",
                "unparsable,has 2 values but the header names 3 fields," + file + ",4,\"u1," + (B + 3000) + "\",");
    }
}
