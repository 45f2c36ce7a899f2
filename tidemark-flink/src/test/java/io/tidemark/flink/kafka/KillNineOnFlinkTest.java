package io.tidemark.flink.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import io.tidemark.flink.FlinkCheckpointing;
import io.tidemark.flink.FlinkRunner;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.TaskManagerOptions;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 over Kafka on the Flink engine: the Kafka → windows → Kafka (exactly once) job of
 * {@link FlinkCheckpointRecoveryTest} runs in a JVM of its own (a local MiniCluster, checkpoints every
 * 100 ms into one directory) while the input arrives in chunks; the JVM is killed with SIGKILL at a
 * random moment {@value #DEFAULT_KILLS} times (system property {@code tidemark.kill9.kills}; seed
 * {@code tidemark.kill9.seed}) and started again each time from its latest checkpoint. A
 * {@code read_committed} reader of the output must then see exactly the windows of the input, each
 * once: 0 lost, 0 duplicated — whatever the kill interrupted (a checkpoint being written, a commit
 * after a completed checkpoint, records in open transactions).
 */
class KillNineOnFlinkTest {

    static final int DEFAULT_KILLS = 5;
    static final int PARTITIONS = FlinkCheckpointRecoveryTest.PARTITIONS;

    static LocalKafkaBroker broker;

    @BeforeAll
    static void start() {
        broker = LocalKafkaBroker.start();
        FlinkCheckpointRecoveryTest.broker = broker;
    }

    @AfterAll
    static void stop() {
        if (broker != null) {
            broker.close();
        }
    }

    /** The job, in the JVM the test starts and kills: bootstrap servers, input, output, checkpoint directory. */
    public static final class Job {
        public static void main(String[] args) throws Exception {
            StreamExecutionEnvironment env = FlinkCheckpointRecoveryTest.job(args[0], args[1], args[2], List.of());
            Configuration small = new Configuration();
            small.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.parse("16m"));
            small.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("64m"));
            small.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("64m"));
            FlinkCheckpointing checkpoints = FlinkCheckpointing.of(Path.of(args[3]), Duration.ofMillis(100), 2);
            System.out.println("restoring " + checkpoints.restoreFrom().map(Path::toString).orElse("nothing"));
            env.setExecutor(FlinkRunner.executor(FlinkRunner.Options.local().withConfiguration(small).withCheckpointing(checkpoints)));
            env.executeAsync("kill -9 over kafka");
            System.out.println("running");
        }
    }

    static Process startJob(String input, String output, Path checkpoints) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx768m", "-cp", System.getProperty("java.class.path"), Job.class.getName(),
                broker.bootstrapServers(), input, output, checkpoints.toString());
        pb.redirectErrorStream(true);
        pb.redirectOutput(ProcessBuilder.Redirect.PIPE);
        Process p = pb.start();
        // the job is submitted once it says so; its output goes on being drained so that it never blocks
        CompletableFuture<Void> running = new CompletableFuture<>();
        Thread drain = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    if (line.equals("running")) {
                        running.complete(null);
                    }
                }
            } catch (java.io.IOException e) {
                // the process was killed
            }
            running.complete(null);
        }, "kill9-job-output");
        drain.setDaemon(true);
        drain.start();
        running.get(120, TimeUnit.SECONDS);
        assertThat(p.isAlive()).as("the job's JVM started its job").isTrue();
        return p;
    }

    static void kill(Process p) throws Exception {
        p.destroyForcibly(); // SIGKILL
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void killedAtRandomMomentsAndRestartedTheJobWritesEachWindowOnce(@TempDir Path dir) throws Exception {
        int kills = Integer.getInteger("tidemark.kill9.kills", DEFAULT_KILLS);
        long seed = Long.getLong("tidemark.kill9.seed", System.nanoTime());
        Random random = new Random(seed);
        String input = "k9-orders";
        String output = "k9-results";
        broker.createTopic(input, PARTITIONS);
        broker.createTopic(output, 2);
        Path checkpoints = dir.resolve("checkpoints");
        int perPartition = FlinkCheckpointRecoveryTest.PER_PARTITION;
        List<String[]> orders = new ArrayList<>();
        List<String> kept = new ArrayList<>();
        for (int k = 0; k < kills; k++) {
            java.util.Optional<Path> before = FlinkCheckpointing.latest(checkpoints);
            Process job = startJob(input, output, checkpoints);
            // this run's share of the input arrives while it runs; the kill comes at a random moment of it:
            // mostly after the run's first checkpoint (so that the next run restores one), sometimes before
            orders.addAll(FlinkCheckpointRecoveryTest.produce(input, perPartition * k / kills, perPartition * (k + 1) / kills));
            if (random.nextInt(4) > 0) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (FlinkCheckpointing.latest(checkpoints).equals(before) && job.isAlive() && System.nanoTime() < deadline) {
                    LockSupport.parkNanos(5_000_000L);
                }
            }
            long killAt = System.nanoTime() + random.nextInt(1000) * 1_000_000L;
            while (System.nanoTime() < killAt && job.isAlive()) {
                LockSupport.parkNanos(5_000_000L); // a chaos test: the kill's moment is random wall time
            }
            assertThat(job.isAlive()).as("the job runs until it is killed").isTrue();
            kill(job);
            kept.add(FlinkCheckpointing.latest(checkpoints).map(c -> c.getParent().getFileName() + "/" + c.getFileName())
                    .orElse("none"));
        }
        // the last run: the rest of the input, and a record that moves the watermark past every window
        FlinkCheckpointRecoveryTest.close(input);
        List<String> expected = FlinkCheckpointRecoveryTest.windows(orders);
        Process last = startJob(input, output, checkpoints);
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (FlinkCheckpointRecoveryTest.committed(output).size() < expected.size() && System.nanoTime() < deadline) {
                assertThat(last.isAlive()).as("the last run is running").isTrue();
                LockSupport.parkNanos(50_000_000L);
            }
            // one more checkpoint: a duplicate would be committed by now
            var complete = FlinkCheckpointing.latest(checkpoints).orElseThrow();
            while (FlinkCheckpointing.latest(checkpoints).orElseThrow().equals(complete) && System.nanoTime() < deadline) {
                LockSupport.parkNanos(20_000_000L);
            }
        } finally {
            kill(last);
        }
        System.out.println("kill -9 over Kafka on Flink: " + kills + " kills (seed " + seed + "), restored from " + kept + "; "
                + expected.size() + " windows expected");
        assertThat(FlinkCheckpointRecoveryTest.committed(output)).as("0 lost, 0 duplicated (seed " + seed + ")").isEqualTo(expected);
    }
}
