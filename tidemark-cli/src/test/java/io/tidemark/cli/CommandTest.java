package io.tidemark.cli;

import static io.tidemark.cli.CliHarness.lines;
import static io.tidemark.cli.CliHarness.order;
import static io.tidemark.cli.CliHarness.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CommandTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "run", "validate", "generate", "demo", "backfill", "reconcile"})
    void everyCommandHasHelp(String command) {
        CliHarness.Result r = command.isEmpty() ? run("--help") : run(command, "--help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Usage: tidemark" + (command.isEmpty() ? "" : " " + command));
    }

    /** Every command's help: its description lines are whole sentences within 80 columns, never cut. */
    @ParameterizedTest
    @ValueSource(strings = {"", "run", "validate", "generate", "demo", "kafka-demo", "bench", "backfill", "reconcile", "profile", "tune"})
    void helpTextIsNeverCutMidSentence(String command) {
        String help = (command.isEmpty() ? Main.commandLine(io()) : Main.commandLine(io()).getSubcommands().get(command)).getUsageMessage();
        for (String line : help.lines().toList()) {
            assertThat(line.length()).as(line).isLessThanOrEqualTo(80);
        }
        if (command.isEmpty()) {
            // the command list shows each command's first description line: a whole sentence
            String list = help.substring(help.indexOf("Commands:") + "Commands:".length(), help.indexOf("Exit codes:"));
            List<String> entries = new ArrayList<>();
            for (String l : list.lines().filter(x -> !x.isBlank()).toList()) {
                if (l.startsWith("  ") && !l.startsWith("   ")) {
                    entries.add(l.strip());
                } else if (!entries.isEmpty()) {
                    entries.set(entries.size() - 1, entries.get(entries.size() - 1) + " " + l.strip());
                }
            }
            assertThat(entries).hasSize(14).allSatisfy(e -> assertThat(e).endsWith("."));
        }
    }

    /**
     * No word is cut by the help's wrapping: every word a command's or an option's description was written
     * with, and every parameter label, shows whole in its help ({@code run --help} showed {@code JOB.} and
     * {@code yaml} on two lines; kafka-demo's description wrapped each of its lines into a leftover word).
     */
    @ParameterizedTest
    @ValueSource(strings = {"", "run", "validate", "explain", "generate", "demo", "kafka-demo", "bench", "backfill", "reconcile"})
    void helpWrapsBetweenWordsOnly(String command) {
        picocli.CommandLine cl = command.isEmpty() ? Main.commandLine(io()) : Main.commandLine(io()).getSubcommands().get(command);
        String help = cl.getUsageMessage();
        java.util.Set<String> shown = new java.util.HashSet<>(List.of(help.split("\\s+")));
        List<String> written = new ArrayList<>(List.of(cl.getCommandSpec().usageMessage().description()));
        for (picocli.CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            written.addAll(List.of(o.description()));
        }
        for (picocli.CommandLine.Model.PositionalParamSpec p : cl.getCommandSpec().positionalParameters()) {
            written.add(p.paramLabel());
        }
        List<String> cut = new ArrayList<>();
        for (String line : written) {
            for (String word : line.replace("${DEFAULT-VALUE}", "").split("\\s+")) {
                if (!word.isEmpty() && !shown.contains(word) && shown.stream().noneMatch(w -> w.contains(word))) {
                    cut.add(word);
                }
            }
        }
        assertThat(cut).as("words cut in the help of '%s':%n%s", command, help).isEmpty();
        List<String> synopsis = List.of(cl.getHelp().synopsis(0).split("\\s+"));
        for (picocli.CommandLine.Model.PositionalParamSpec p : cl.getCommandSpec().positionalParameters()) {
            assertThat(synopsis).as("the synopsis of '%s'", command).anyMatch(w -> w.replaceAll("^\\[|[\\[\\].]*$", "").equals(p.paramLabel()));
        }
    }

    private static Main.Io io() {
        return new Main.Io(System.out, System.err, false, new io.tidemark.cli.job.RunControl());
    }

    @Test
    void noCommandIsAUsageError() {
        CliHarness.Result r = run();
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("a command is required");
    }

    @Test
    void resultsCanGoToStandardOut() throws Exception {
        CliHarness.write(dir, "orders.jsonl", order("u1", 1000, "1"));
        Path job = dir.resolve("job.yaml");
        Files.writeString(job, "source: {type: file, path: orders.jsonl}\nevent-time: {field: eventTime}\n"
                + "watermark: {strategy: none}\nkey-by: [userId]\nwindow: {type: tumbling, size: 1s}\n");
        CliHarness.Result r = run("run", job.toString()).assertOk();
        assertThat(r.out()).startsWith("{\"key\": {\"userId\": \"u1\"}, \"window_start\": 1000, \"window_end\": 2000, \"count\": 1, "
                + "\"timing\": \"ON_TIME\", \"firing\": 1, \"watermark\": 9223372036854775807}\n");
        assertThat(r.out()).contains("Summary of 'job'").contains("final watermark    none");
    }

    @Test
    void aSocketSourceReadsLinesUntilTheSocketCloses() throws Exception {
        try (ServerSocket server = new ServerSocket(0)) {
            Thread feeder = new Thread(() -> {
                try (Socket s = server.accept(); OutputStream o = s.getOutputStream();
                        PrintWriter w = new PrintWriter(new java.io.OutputStreamWriter(o, StandardCharsets.UTF_8))) {
                    w.println(order("u1", 1000, "1"));
                    w.println("not json");
                    w.println(order("u1", 12000, "2"));
                    w.flush();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            feeder.start();
            Path job = dir.resolve("job.yaml");
            Files.writeString(job, "source: {type: socket, host: 127.0.0.1, port: " + server.getLocalPort() + "}\n"
                    + "event-time: {field: eventTime}\n"
                    + "watermark: {strategy: bounded, max-out-of-orderness: 0s, emit: per-event}\n"
                    + "key-by: [userId]\nwindow: {type: tumbling, size: 10s}\n"
                    + "output: {results: {type: jsonl, path: r.jsonl}, dead-letter: {type: jsonl, path: d.jsonl}}\n"
                    + "dead-letter-limit: 50%\n");
            CliHarness.Result r = run("run", job.toString()).assertOk();
            feeder.join();
            assertThat(lines(dir.resolve("r.jsonl"))).containsExactly(
                    "{\"key\": {\"userId\": \"u1\"}, \"window_start\": 0, \"window_end\": 10000, \"count\": 1, \"timing\": \"ON_TIME\", \"firing\": 1, \"watermark\": 11999}",
                    "{\"key\": {\"userId\": \"u1\"}, \"window_start\": 10000, \"window_end\": 20000, \"count\": 1, \"timing\": \"ON_TIME\", \"firing\": 1, \"watermark\": 9223372036854775807}");
            assertThat(lines(dir.resolve("d.jsonl"))).singleElement().asString()
                    .contains("\"reason\": \"unparsable\"").contains("\"file\": \"socket:127.0.0.1:" + server.getLocalPort() + "\"")
                    .contains("\"line\": 2").contains("\"text\": \"not json\"");
            assertThat(r.out()).contains("3 lines read = 2 in window results + 0 late + 1 dead letters: OK");
        }
    }

    @Test
    void theDemoRunsAndPrintsResultsLateRecordsAndTheSummary() throws Exception {
        CliHarness.Result r = run("demo", "--dir", dir.toString()).assertOk();
        assertThat(r.out()).contains("== Results (first 20 of").contains("== Late records (first 20 of")
                .contains("== Dead letters").contains("Summary of 'order-stats'").contains("dead letters: OK");
        assertThat(dir.resolve("order-stats.yaml")).exists();
        assertThat(run("validate", dir.resolve("order-stats.yaml").toString()).exitCode()).isZero();
    }
}
