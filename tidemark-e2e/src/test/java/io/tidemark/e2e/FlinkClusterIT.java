package io.tidemark.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.flink.cluster.LocalFlinkCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.junit.jupiter.api.io.TempDir;

/**
 * Job files on a real Flink 2.3 cluster of separate processes — one JobManager and two TaskManagers of two
 * slots each ({@link LocalFlinkCluster}, Flink's jars from {@code tidemark-flink-cluster/target/lib}), one
 * cluster for the class — run by {@code ./tidemark run --engine flink --flink-master HOST:PORT}: the jars the
 * launcher ships are all the cluster gets of Tidemark and of the Kafka connector. The cluster's logs stay in
 * the folder the failure names.
 */
@org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
class FlinkClusterIT {

    private static final Duration RUN = Duration.ofMinutes(4);

    static Path clusterDir;
    static LocalFlinkCluster cluster;
    static LocalKafkaBroker broker;
    static boolean failed;

    @RegisterExtension
    static final TestWatcher KEEP_LOGS = new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            failed = true;
            System.err.println("FlinkClusterIT: the cluster's logs are kept in " + clusterDir.resolve("log"));
        }
    };

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        clusterDir = Files.createTempDirectory("tidemark-flink-cluster-");
        broker = LocalKafkaBroker.start();
        // a TaskManager killed is known lost within 10 s (Flink's default: 50 s), so that the job's restart finds its slots
        cluster = LocalFlinkCluster.start(LocalFlinkCluster.Settings.of(clusterDir,
                Launcher.ROOT.resolve("tidemark-flink-cluster/target/lib")).with("heartbeat.interval", "2s").with("heartbeat.timeout", "10s"));
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (cluster != null) {
                cluster.close();
            }
        } finally {
            if (broker != null) {
                broker.close();
            }
        }
        if (!failed) {
            Launcher.deleteTree(clusterDir);
        }
    }

    /** Users' amounts at times up to 2 s out of order, and a bad record every 997, in {@code topic}'s one partition. */
    private static void input(String topic, int records) {
        broker.createTopic(topic, 1);
        send(topic, lines(records));
    }

    /** {@code records} lines of users' amounts at times up to 2 s out of order, a bad one every 997 (always the same lines). */
    private static List<String> lines(int records) {
        List<String> lines = new ArrayList<>();
        Random r = new Random(29);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < records; i++) {
            t += r.nextInt(30);
            lines.add(i % 997 == 5 ? "{broken"
                    : "{\"user\": \"u" + r.nextInt(40) + "\", \"ts\": " + (t - r.nextInt(2_000)) + ", \"amount\": " + r.nextInt(100) + "}");
        }
        return lines;
    }

    private static void send(String topic, List<String> lines) {
        for (String line : lines) {
            broker.send(topic, 0, null, null, line);
        }
        broker.flush();
    }

    /** Tumbling 1 s windows of counts and maxima per user over {@code topic}, from its start to its end. */
    private String job(String name, String topic, String results, String late, String extra) {
        return job(name, topic, results, late, "{type: jsonl, path: " + dir.resolve(name) + "/dead.jsonl}", extra);
    }

    private String job(String name, String topic, String results, String late, String dead, String extra) {
        return """
                name: %s
                source: {type: kafka, bootstrap-servers: '%s', topic: %s, group-id: g-%s, starting-offsets: earliest, stop-at: latest}
                event-time: {field: ts, max-future: 1d}
                watermark: {strategy: bounded, max-out-of-orderness: 500ms, emit: per-event}
                key-by: [user]
                window: {type: tumbling, size: 1s}
                allowed-lateness: 200ms
                aggregate: [count, {max: amount}]
                output:
                  results: %s
                  late: %s
                  dead-letter: %s
                %s
                """.formatted(name, broker.bootstrapServers(), topic, name, results, late, dead, extra);
    }

    private String h2(String name) {
        return h2(name, "late_records");
    }

    /**
     * A table of the H2 database {@code name}: in server mode as well (AUTO_SERVER), so that the subtasks of two
     * TaskManagers and this test can use it at once.
     */
    private String h2(String name, String table) {
        return "{type: jdbc, url: '" + h2Url(name) + "', table: " + table + "}";
    }

    private String h2Url(String name) {
        return "jdbc:h2:" + dir.resolve(name).resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE;AUTO_SERVER=TRUE";
    }

    /** The late records' rows (without their arrival time, which is the processing time at the late output), in key order. */
    private List<List<Object>> late(String name) throws Exception {
        return rows(name, "SELECT * FROM late_records ORDER BY record_id");
    }

    /** The rows {@code query} selects in the H2 database {@code name}, without an {@code arrival_time} column. */
    private List<List<Object>> rows(String name, String query) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(h2Url(name));
                ResultSet rs = c.createStatement().executeQuery(query)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    if (!rs.getMetaData().getColumnName(i).equalsIgnoreCase("arrival_time")) {
                        row.add(rs.getObject(i));
                    }
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static List<String> topic(String topic) {
        return broker.readAll(topic).stream().map(ConsumerRecord::value).toList();
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The id of the cluster's job named {@code name} (REST {@code /jobs/overview}). */
    private static String jobId(String name) throws Exception {
        for (JsonNode j : JSON.readTree(cluster.get("/jobs/overview")).path("jobs")) {
            if (j.path("name").asText().equals(name)) {
                return j.path("jid").asText();
            }
        }
        throw new AssertionError("no job named " + name + " on the cluster: " + cluster.get("/jobs/overview"));
    }

    /**
     * The TaskManagers in which subtasks of the job's vertex whose name starts with {@code vertexPrefix} read
     * records (REST {@code /jobs/:jid/vertices/:vid/taskmanagers}).
     */
    private static Set<String> taskManagersThatRead(String job, String vertexPrefix) throws Exception {
        JsonNode graph = JSON.readTree(cluster.get("/jobs/" + job));
        String vertex = null;
        for (JsonNode v : graph.path("vertices")) {
            if (v.path("name").asText().startsWith(vertexPrefix)) {
                vertex = v.path("id").asText();
            }
        }
        assertThat(vertex).as("a vertex named " + vertexPrefix + "… in " + graph).isNotNull();
        Set<String> tms = new TreeSet<>();
        for (JsonNode tm : JSON.readTree(cluster.get("/jobs/" + job + "/vertices/" + vertex + "/taskmanagers")).path("taskmanagers")) {
            if (tm.path("metrics").path("read-records").asLong() > 0) {
                tms.add(tm.path("taskmanager-id").asText());
            }
        }
        return tms;
    }

    @Test
    void aJobFileRunsAcrossBothTaskManagersWithKafkaAndTableOutputs() throws Exception {
        input("kin", 12_000);
        broker.createTopic("kout", 1);
        Path plain = dir.resolve("plain.yaml");
        Files.writeString(plain, job("plain", "kin", "{type: jsonl, path: " + dir.resolve("plain/results.jsonl") + "}", h2("plain"), ""));
        Launcher.run(dir.resolve("plain-run"), RUN, "run", "-q", plain.toString()).exits(0);
        List<String> results = Files.readAllLines(dir.resolve("plain/results.jsonl"));
        assertThat(results).hasSizeGreaterThan(100);
        assertThat(late("plain")).hasSizeGreaterThan(50);

        Path onCluster = dir.resolve("cluster.yaml");
        Files.writeString(onCluster, job("cluster", "kin", "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers()
                + "', topic: kout}", h2("cluster"), "checkpoint: {dir: " + dir.resolve("cluster-chk") + ", interval: 500ms}"));
        Launcher.Result r = Launcher.run(dir.resolve("cluster-run"), RUN, "run", "--no-progress", "--engine", "flink",
                "--flink-master", cluster.restAddress(), "-p", "4", onCluster.toString()).exits(0);
        assertThat(r.out()).contains("engine             flink (remote cluster " + cluster.restAddress() + ")")
                .contains("lines read         12000");
        assertThat(Launcher.summaryCounts(r.out())).isEqualTo(Launcher.summaryCounts(
                Launcher.run(dir.resolve("plain-again"), RUN, "run", plain.toString()).exits(0).out()));
        // the same results in the topic, the same rows in the table, the same dead letters as on the embedded engine
        assertThat(broker.readCommitted("kout").stream().map(ConsumerRecord::value).toList()).containsExactlyInAnyOrderElementsOf(results);
        // the checkpoints were the cluster's, in the folder every process sees; the run ended, so nothing is left to resume
        assertThat(dir.resolve("cluster-chk/flink/finished.txt")).exists();
        assertThat(late("cluster")).isEqualTo(late("plain"));
        assertThat(Files.readString(dir.resolve("cluster/dead.jsonl"))).isEqualTo(Files.readString(dir.resolve("plain/dead.jsonl")));

        // the four window subtasks ran in both TaskManager processes, each reading records
        assertThat(taskManagersThatRead(jobId("cluster"), "window"))
                .containsExactlyInAnyOrder(LocalFlinkCluster.resourceId(0), LocalFlinkCluster.resourceId(1));
    }

    /** Counts of the job's checkpoints (REST {@code /jobs/:jid/checkpoints}): completed, restored, … */
    private static JsonNode checkpoints(String job) throws Exception {
        return JSON.readTree(cluster.get("/jobs/" + job + "/checkpoints")).path("counts");
    }

    /** Polls {@code what} (the cluster's or the broker's answer) until it holds; at most {@code RUN}. */
    private static void await(String what, java.util.concurrent.Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + RUN.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + RUN + ": " + what + "; the cluster's logs: " + clusterDir.resolve("log"));
            }
            Thread.sleep(200); // a bounded poll on other processes' state
        }
    }

    private static String state(String job) throws Exception {
        return JSON.readTree(cluster.get("/jobs/" + job)).path("state").asText();
    }

    @Test
    void aDetachedJobSurvivesAKilledTaskManagerAndASavepointWithTheOutputsOfAnUninterruptedRun() throws Exception {
        List<String> lines = lines(15_000);
        broker.createTopic("din", 1);
        broker.createTopic("dout", 1);
        send("din", lines.subList(0, 5_000));

        // the job file as it runs detached: no end (stop-at), outputs the cluster writes, checkpoints every process sees
        Path detached = dir.resolve("detached.yaml");
        Files.writeString(detached, job("detached", "din", "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers()
                        + "', topic: dout}", h2("detached", "late_records"), h2("detached", "dead_letters"),
                "checkpoint: {dir: " + dir.resolve("detached-chk") + ", interval: 300ms}").replace(", stop-at: latest", ""));
        String master = cluster.restAddress();
        Launcher.Result submitted = Launcher.run(dir.resolve("submit"), RUN, "run", "--detach", "--engine", "flink",
                "--flink-master", master, "-p", "4", detached.toString()).exits(0);
        String job = submitted.out().strip();
        assertThat(job).matches("[0-9a-f]{32}");
        assertThat(Launcher.run(dir.resolve("jobs"), RUN, "jobs", "--flink-master", master).exits(0).out())
                .containsPattern(job + "\\s+(RUNNING|CREATED|INITIALIZING)\\s+.*detached");

        // the command is gone; the job runs on: a checkpoint completes and results are committed
        await("a first checkpoint and committed results", () -> checkpoints(job).path("completed").asInt() > 0
                && !broker.readCommitted("dout").isEmpty());
        // more input, and one TaskManager killed while the job reads it: Flink restores the latest checkpoint
        send("din", lines.subList(5_000, 10_000));
        cluster.killTaskManager(1);
        cluster.restartTaskManager(1); // as a supervisor would
        await("the job restored from a checkpoint and running again", () -> checkpoints(job).path("restored").asInt() > 0
                && state(job).equals("RUNNING"));
        long restored = checkpoints(job).path("completed").asLong();
        await("a checkpoint after the restore", () -> checkpoints(job).path("completed").asLong() > restored);

        // stopped with a savepoint, resumed from it by a new job with the rest of the input, then drained
        Launcher.Result stopped = Launcher.run(dir.resolve("stop"), RUN, "stop", job, "--flink-master", master,
                "--savepoint", dir.resolve("savepoints").toString()).exits(0);
        String savepoint = stopped.out().strip();
        assertThat(state(job)).isEqualTo("FINISHED");
        send("din", lines.subList(10_000, lines.size()));
        String resumed = Launcher.run(dir.resolve("resume"), RUN, "run", "--detach", "--from-savepoint", savepoint, "--engine",
                "flink", "--flink-master", master, "-p", "4", detached.toString()).exits(0).out().strip();
        await("the resumed job's first checkpoint", () -> checkpoints(resumed).path("completed").asInt() > 0);
        Launcher.run(dir.resolve("drain"), RUN, "stop", resumed, "--flink-master", master, "--drain",
                "--savepoint", dir.resolve("savepoints").toString()).exits(0);
        assertThat(state(resumed)).isEqualTo("FINISHED");

        // the same topic read in one go by the embedded engine, to its end
        Path plain = dir.resolve("whole.yaml");
        Files.writeString(plain, job("whole", "din", "{type: jsonl, path: " + dir.resolve("whole/results.jsonl") + "}",
                h2("whole", "late_records"), h2("whole", "dead_letters"), ""));
        Launcher.run(dir.resolve("whole-run"), RUN, "run", "-q", plain.toString()).exits(0);

        // nothing lost, nothing twice: the committed results, the late records with their watermarks, the dead letters
        List<String> results = Files.readAllLines(dir.resolve("whole/results.jsonl"));
        assertThat(broker.readCommitted("dout").stream().map(ConsumerRecord::value).toList()).containsExactlyInAnyOrderElementsOf(results);
        assertThat(late("detached")).hasSizeGreaterThan(50).isEqualTo(late("whole"));
        String dead = "SELECT * FROM dead_letters ORDER BY file, line";
        assertThat(rows("detached", dead)).isNotEmpty().isEqualTo(rows("whole", dead));
    }

    /**
     * Last (it kills the class's JobManager): a session cluster without high availability loses its jobs with its
     * JobManager. The command can no longer reach the cluster; a JobManager started again knows no job; what is left
     * is the job's retained checkpoints, which --from-savepoint resumes from (docs/job-file.md, the JobManager).
     */
    @Test
    @org.junit.jupiter.api.Order(Integer.MAX_VALUE)
    void aJobManagerKilledWithoutHighAvailabilityTakesItsJobsWithIt() throws Exception {
        broker.createTopic("jin", 1);
        broker.createTopic("jout", 1);
        send("jin", lines(3_000));
        Path file = dir.resolve("jm.yaml");
        Files.writeString(file, job("jm", "jin", "{type: kafka, bootstrap-servers: '" + broker.bootstrapServers() + "', topic: jout}",
                h2("jm", "late_records"), h2("jm", "dead_letters"), "checkpoint: {dir: " + dir.resolve("jm-chk") + ", interval: 300ms}")
                .replace(", stop-at: latest", ""));
        String master = cluster.restAddress();
        String job = Launcher.run(dir.resolve("jm-submit"), RUN, "run", "--detach", "--engine", "flink", "--flink-master", master,
                "-p", "2", file.toString()).exits(0).out().strip();
        await("a first checkpoint", () -> checkpoints(job).path("completed").asInt() > 0);

        cluster.killJobManager();
        Launcher.Result gone = Launcher.run(dir.resolve("jm-jobs"), RUN, "jobs", "--flink-master", master).exits(1);
        assertThat(gone.err()).contains("the Flink cluster at " + master + " cannot be reached");

        cluster.restartJobManager();
        cluster.awaitSlots(4, RUN);
        Launcher.Result after = Launcher.run(dir.resolve("jm-jobs-again"), RUN, "jobs", "--flink-master", master).exits(0);
        assertThat(after.out()).doesNotContain(job);
        Launcher.run(dir.resolve("jm-stop"), RUN, "stop", job, "--flink-master", master).exits(1);
        // what stays: the retained checkpoints, in the directory every process sees
        assertThat(io.tidemark.runtime.checkpoint.FlinkCheckpointDirectories.latest(dir.resolve("jm-chk/detached"))).isPresent();
    }
}
