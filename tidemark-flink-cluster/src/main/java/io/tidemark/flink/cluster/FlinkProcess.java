package io.tidemark.flink.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One JVM of a {@link LocalFlinkCluster}: a JobManager or a TaskManager, started from Flink's own entry
 * point class with the cluster's configuration directory, its standard out and error appended to
 * {@code log/NAME.log}. Stopping sends SIGTERM (Flink's shutdown hooks run) and, after {@link #STOP_GRACE},
 * SIGKILL; {@link #kill()} is SIGKILL at once (what a crashed machine looks like to the rest).
 */
final class FlinkProcess {

    /** How long a stopped process may take to end before it is killed. */
    static final Duration STOP_GRACE = Duration.ofSeconds(15);

    /** Java 17 encapsulates the JDK: what Flink's own scripts open for its serializers and network stack. */
    private static final List<String> OPENS = List.of(
            "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.text=ALL-UNNAMED",
            "--add-opens=java.base/java.time=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    /** What kind of process, with its entry point and heap. */
    enum Role {
        /** The JobManager of a session cluster: the dispatcher, the resource manager and the REST endpoint. */
        JOBMANAGER("org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint", "-Xmx384m"),
        /** A TaskManager: the slots the job's subtasks run in. */
        TASKMANAGER("org.apache.flink.runtime.taskexecutor.TaskManagerRunner", "-Xmx384m");

        final String mainClass;
        final String heap;

        Role(String mainClass, String heap) {
            this.mainClass = mainClass;
            this.heap = heap;
        }
    }

    final String name;
    final Path log;
    private final Process process;

    private FlinkProcess(String name, Path log, Process process) {
        this.name = name;
        this.log = log;
        this.process = process;
    }

    /**
     * Starts {@code role} as a JVM of its own: class path {@code lib/*}, configuration {@code conf},
     * Flink's dynamic properties {@code dynamic} ({@code key=value}); its output goes to {@code logs/name.log}.
     */
    static FlinkProcess start(Role role, String name, Path lib, Path conf, Path logs, List<String> dynamic) throws IOException {
        Files.createDirectories(logs);
        Path log = logs.resolve(name + ".log");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(role.heap);
        cmd.add("-XX:MaxDirectMemorySize=256m");
        cmd.add("-XX:+UseSerialGC"); // two cores shared by everything: no parallel collector threads per process
        cmd.addAll(OPENS);
        cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=info");
        cmd.add("-Dorg.slf4j.simpleLogger.showDateTime=true");
        cmd.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSS");
        cmd.add("-Dtidemark.flink.process=" + name); // names the process in `ps`
        cmd.add("-cp");
        cmd.add(lib.toAbsolutePath() + "/*");
        cmd.add(role.mainClass);
        cmd.add("--configDir");
        cmd.add(conf.toAbsolutePath().toString());
        for (String d : dynamic) {
            cmd.add("-D");
            cmd.add(d);
        }
        Files.writeString(log, "# " + String.join(" ", cmd) + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        return new FlinkProcess(name, log, p);
    }

    long pid() {
        return process.pid();
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGKILL, and waits until the process is gone (at most {@link #STOP_GRACE}). */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** SIGTERM; SIGKILL when it has not ended after {@link #STOP_GRACE}. */
    void stop() throws InterruptedException {
        stop(process.toHandle());
    }

    /** As {@link #stop()}, for a process found by its id (the {@code stop} command of another JVM). */
    static void stop(ProcessHandle p) throws InterruptedException {
        p.destroy();
        try {
            p.onExit().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
            p.destroyForcibly();
            try {
                p.onExit().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException ignored) {
                // the kernel ends it; nothing more to wait for here
            }
        }
    }

    /** The last {@code lines} lines of the process's log, for a failure's message. */
    String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | java.io.UncheckedIOException e) {
            return "(" + log + " cannot be read: " + e.getMessage() + ")";
        }
    }
}
