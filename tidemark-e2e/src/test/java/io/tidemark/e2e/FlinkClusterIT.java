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
        cluster = LocalFlinkCluster.start(LocalFlinkCluster.Settings.of(clusterDir,
                Launcher.ROOT.resolve("tidemark-flink-cluster/target/lib")));
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
        Random r = new Random(29);
        long t = 1_700_000_000_000L;
        for (int i = 0; i < records; i++) {
            t += r.nextInt(30);
            broker.send(topic, 0, null, null, i % 997 == 5 ? "{broken"
                    : "{\"user\": \"u" + r.nextInt(40) + "\", \"ts\": " + (t - r.nextInt(2_000)) + ", \"amount\": " + r.nextInt(100) + "}");
        }
        broker.flush();
    }

    /** Tumbling 1 s windows of counts and maxima per user over {@code topic}, from its start to its end. */
    private String job(String name, String topic, String results, String late, String extra) {
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
                  dead-letter: {type: jsonl, path: %s/dead.jsonl}
                %s
                """.formatted(name, broker.bootstrapServers(), topic, name, results, late, dir.resolve(name), extra);
    }

    private String h2(String name) {
        return "{type: jdbc, url: 'jdbc:h2:" + dir.resolve(name).resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE', table: late_records}";
    }

    /** The late records' rows (without their arrival time, which is the processing time at the late output), in key order. */
    private List<List<Object>> late(String name) throws Exception {
        List<List<Object>> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:h2:" + dir.resolve(name).resolve("tidemark") + ";DATABASE_TO_LOWER=TRUE");
                ResultSet rs = c.createStatement().executeQuery("SELECT * FROM late_records ORDER BY record_id")) {
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
                + "', topic: kout}", h2("cluster"), ""));
        Launcher.Result r = Launcher.run(dir.resolve("cluster-run"), RUN, "run", "--no-progress", "--engine", "flink",
                "--flink-master", cluster.restAddress(), "-p", "4", onCluster.toString()).exits(0);
        assertThat(r.out()).contains("engine             flink (remote cluster " + cluster.restAddress() + ")")
                .contains("lines read         12000");
        assertThat(Launcher.summaryCounts(r.out())).isEqualTo(Launcher.summaryCounts(
                Launcher.run(dir.resolve("plain-again"), RUN, "run", plain.toString()).exits(0).out()));
        // the same results in the topic, the same rows in the table, the same dead letters as on the embedded engine
        assertThat(topic("kout")).containsExactlyInAnyOrderElementsOf(results);
        assertThat(late("cluster")).isEqualTo(late("plain"));
        assertThat(Files.readString(dir.resolve("cluster/dead.jsonl"))).isEqualTo(Files.readString(dir.resolve("plain/dead.jsonl")));

        // the four window subtasks ran in both TaskManager processes, each reading records
        assertThat(taskManagersThatRead(jobId("cluster"), "window"))
                .containsExactlyInAnyOrder(LocalFlinkCluster.resourceId(0), LocalFlinkCluster.resourceId(1));
    }
}
