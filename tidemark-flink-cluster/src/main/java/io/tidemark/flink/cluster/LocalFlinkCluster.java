package io.tidemark.flink.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Flink 2.3 session cluster of separate processes on this machine: one JobManager
 * ({@code StandaloneSessionClusterEntrypoint}) and {@code n} TaskManagers ({@code TaskManagerRunner}), each a
 * JVM of its own on the class path of Flink's jars ({@code tidemark-flink-cluster/target/lib}), sharing a
 * generated configuration directory. Everything listens on 127.0.0.1; the REST port (web UI, job submission)
 * and the JobManager's RPC port are free ports found at start, the other ports are Flink's "any free port".
 *
 * <p>Layout of {@code dir}: {@code conf/config.yaml}, {@code log/jobmanager.log} and {@code log/taskmanager-N.log}
 * (kept after a stop), {@code tmp/}, and {@code cluster.properties} (the REST address and the processes' ids,
 * which {@code stop} of another JVM reads).
 *
 * <p>Bounds: {@link #start} waits at most {@link Settings#startTimeout} for every TaskManager's slots to be
 * registered (then stops what it started and fails, naming the logs and showing their last lines); a stop takes
 * at most {@link FlinkProcess#STOP_GRACE} per process before SIGKILL.
 */
public final class LocalFlinkCluster implements AutoCloseable {

    /** The state file in the cluster's directory. */
    static final String STATE = "cluster.properties";

    /**
     * What to start: in {@code dir}, from the jars in {@code lib}, {@code taskManagers} TaskManagers of
     * {@code slots} slots each, with {@code config} added to (or overriding) the generated configuration.
     */
    public record Settings(Path dir, Path lib, int taskManagers, int slots, Duration startTimeout, Map<String, String> config) {

        public Settings {
            if (taskManagers < 1 || slots < 1) {
                throw new IllegalArgumentException("at least one TaskManager of one slot: " + taskManagers + " × " + slots);
            }
            config = Map.copyOf(config);
        }

        /** 2 TaskManagers of 2 slots each, 120 s to start. */
        public static Settings of(Path dir, Path lib) {
            return new Settings(dir, lib, 2, 2, Duration.ofSeconds(120), Map.of());
        }

        public Settings withTaskManagers(int n, int slotsEach) {
            return new Settings(dir, lib, n, slotsEach, startTimeout, config);
        }

        /** Adds Flink configuration {@code key: value}. */
        public Settings with(String key, String value) {
            Map<String, String> c = new LinkedHashMap<>(config);
            c.put(key, value);
            return new Settings(dir, lib, taskManagers, slots, startTimeout, c);
        }
    }

    private static final Pattern TASKMANAGERS = Pattern.compile("\"taskmanagers\"\\s*:\\s*(\\d+)");
    private static final Pattern SLOTS = Pattern.compile("\"slots-total\"\\s*:\\s*(\\d+)");

    private final Settings settings;
    private final int restPort;
    private FlinkProcess jobManager;
    private final List<FlinkProcess> taskManagers = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private LocalFlinkCluster(Settings settings, int restPort, FlinkProcess jobManager) {
        this.settings = settings;
        this.restPort = restPort;
        this.jobManager = jobManager;
    }

    /** Starts the cluster and returns once every TaskManager's slots are registered (see the class's bounds). */
    public static LocalFlinkCluster start(Settings s) throws IOException, InterruptedException {
        if (!Files.isDirectory(s.lib()) || Files.list(s.lib()).noneMatch(p -> p.getFileName().toString().startsWith("flink-runtime"))) {
            throw new IOException("no Flink jars in " + s.lib() + ": build them with mvn -B -ntp -pl tidemark-flink-cluster package");
        }
        Path conf = s.dir().resolve("conf");
        Files.createDirectories(conf);
        Files.createDirectories(s.dir().resolve("tmp"));
        int rest = freePort();
        int rpc = freePort();
        Files.writeString(conf.resolve("config.yaml"), config(s, rest, rpc), StandardCharsets.UTF_8);
        LocalFlinkCluster c = new LocalFlinkCluster(s, rest, FlinkProcess.start(FlinkProcess.Role.JOBMANAGER, "jobmanager", s.lib(),
                conf, s.dir().resolve("log"), List.of()));
        try {
            for (int i = 0; i < s.taskManagers(); i++) {
                c.taskManagers.add(c.startTaskManager(i));
            }
            c.writeState();
            c.awaitSlots(s.taskManagers() * s.slots(), s.startTimeout());
            return c;
        } catch (IOException | RuntimeException | InterruptedException | Error e) {
            c.close();
            throw e;
        }
    }

    private FlinkProcess startTaskManager(int i) throws IOException {
        return FlinkProcess.start(FlinkProcess.Role.TASKMANAGER, "taskmanager-" + i, settings.lib(), settings.dir().resolve("conf"),
                settings.dir().resolve("log"), List.of("taskmanager.resource-id=" + resourceId(i)));
    }

    /** The resource id TaskManager {@code i} registers with (what Flink's REST API names it by). */
    public static String resourceId(int i) {
        return "tidemark-tm-" + i;
    }

    /** The generated {@code config.yaml}: loopback addresses, the given ports, small memory, then the settings' own. */
    static String config(Settings s, int rest, int rpc) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("jobmanager.rpc.address", "127.0.0.1");
        c.put("jobmanager.rpc.port", Integer.toString(rpc));
        c.put("jobmanager.bind-host", "127.0.0.1");
        c.put("jobmanager.memory.process.size", "768m");
        c.put("rest.address", "127.0.0.1");
        c.put("rest.bind-address", "127.0.0.1");
        c.put("rest.port", Integer.toString(rest));
        c.put("taskmanager.host", "127.0.0.1");
        c.put("taskmanager.bind-host", "127.0.0.1");
        c.put("taskmanager.rpc.port", "0");
        c.put("taskmanager.data.port", "0");
        c.put("blob.server.port", "0");
        c.put("taskmanager.numberOfTaskSlots", Integer.toString(s.slots()));
        // started without Flink's scripts, a TaskManager needs its whole resource spec (the scripts compute it):
        // heap 128m + 256m (the process's -Xmx384m), direct 128m + 64m network, managed 128m (RocksDB)
        c.put("taskmanager.cpu.cores", Integer.toString(s.slots()));
        c.put("taskmanager.memory.framework.heap.size", "128m");
        c.put("taskmanager.memory.task.heap.size", "256m");
        c.put("taskmanager.memory.framework.off-heap.size", "128m");
        c.put("taskmanager.memory.task.off-heap.size", "0m");
        c.put("taskmanager.memory.network.min", "64m");
        c.put("taskmanager.memory.network.max", "64m");
        c.put("taskmanager.memory.managed.size", "128m");
        c.put("taskmanager.memory.jvm-metaspace.size", "256m");
        c.put("taskmanager.memory.jvm-overhead.min", "192m");
        c.put("taskmanager.memory.jvm-overhead.max", "192m");
        c.put("parallelism.default", "1");
        c.put("io.tmp.dirs", s.dir().resolve("tmp").toAbsolutePath().toString());
        c.put("web.tmpdir", s.dir().resolve("tmp").toAbsolutePath().toString());
        c.putAll(s.config());
        StringBuilder yaml = new StringBuilder("# generated by io.tidemark.flink.cluster.LocalFlinkCluster\n");
        c.forEach((k, v) -> yaml.append(k).append(": ").append(quote(v)).append('\n'));
        return yaml.toString();
    }

    private static String quote(String v) {
        return v.matches("[A-Za-z0-9_./:\\-]+") ? v : "'" + v.replace("'", "''") + "'";
    }

    /** A port nobody listens on now (Flink binds it a moment later). */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The REST address, {@code 127.0.0.1:PORT}: {@code tidemark run --flink-master} and the web UI. */
    public String restAddress() {
        return "127.0.0.1:" + restPort;
    }

    public int restPort() {
        return restPort;
    }

    public Path dir() {
        return settings.dir();
    }

    /** The process id of TaskManager {@code i}. */
    public long taskManagerPid(int i) {
        return taskManagers.get(i).pid();
    }

    public long jobManagerPid() {
        return jobManager.pid();
    }

    /** SIGKILL to TaskManager {@code i}: its slots and the subtasks in them are gone at once. */
    public void killTaskManager(int i) throws InterruptedException {
        taskManagers.get(i).kill();
    }

    /** Starts TaskManager {@code i} again (after {@link #killTaskManager}), as a supervisor would. */
    public void restartTaskManager(int i) throws IOException {
        if (taskManagers.get(i).alive()) {
            throw new IllegalStateException("taskmanager-" + i + " is running");
        }
        taskManagers.set(i, startTaskManager(i));
        writeState();
    }

    /** SIGKILL to the JobManager. */
    public void killJobManager() throws InterruptedException {
        jobManager.kill();
    }

    /**
     * Starts the JobManager again (after {@link #killJobManager}) with the same configuration and ports; the
     * TaskManagers register with it again. Without high availability it knows none of the jobs the killed one ran.
     */
    public void restartJobManager() throws IOException {
        if (jobManager.alive()) {
            throw new IllegalStateException("the JobManager is running");
        }
        jobManager = FlinkProcess.start(FlinkProcess.Role.JOBMANAGER, "jobmanager", settings.lib(), settings.dir().resolve("conf"),
                settings.dir().resolve("log"), List.of());
        writeState();
    }

    /** GET {@code path} of the REST API; the body, or an exception for a status other than 200. */
    public String get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://" + restAddress() + path))
                .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("GET " + path + ": HTTP " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    /** Waits, polling {@code /overview}, until {@code slots} slots are registered; bounded by {@code timeout}. */
    public void awaitSlots(int slots, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no answer";
        while (System.nanoTime() < deadline) {
            if (!jobManager.alive()) {
                throw failed("the JobManager exited");
            }
            for (FlinkProcess tm : taskManagers) {
                if (!tm.alive()) {
                    throw failed(tm.name + " exited");
                }
            }
            try {
                last = get("/overview");
                Matcher m = SLOTS.matcher(last);
                if (m.find() && Integer.parseInt(m.group(1)) >= slots) {
                    return;
                }
            } catch (IOException e) {
                last = e.toString();
            }
            Thread.sleep(250); // a bounded poll on the cluster's own answer
        }
        throw failed("not " + slots + " slots within " + timeout.toSeconds() + " s (last /overview: " + last + ")");
    }

    private IOException failed(String why) {
        StringBuilder sb = new StringBuilder("the local Flink cluster in " + settings.dir() + " did not start: " + why
                + "; the logs are kept in " + settings.dir().resolve("log"));
        for (FlinkProcess p : all()) {
            sb.append("\n--- last lines of ").append(p.log).append(" ---\n").append(p.tail(25));
        }
        return new IOException(sb.toString());
    }

    private List<FlinkProcess> all() {
        List<FlinkProcess> all = new ArrayList<>(taskManagers);
        all.add(jobManager);
        return all;
    }

    /** How many TaskManagers are registered now ({@code /overview}). */
    public int registeredTaskManagers() throws IOException, InterruptedException {
        Matcher m = TASKMANAGERS.matcher(get("/overview"));
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private void writeState() throws IOException {
        Properties p = new Properties();
        p.setProperty("rest", restAddress());
        p.setProperty("jobmanager.pid", Long.toString(jobManager.pid()));
        for (int i = 0; i < taskManagers.size(); i++) {
            p.setProperty("taskmanager-" + i + ".pid", Long.toString(taskManagers.get(i).pid()));
        }
        try (var out = Files.newBufferedWriter(settings.dir().resolve(STATE), StandardCharsets.UTF_8)) {
            p.store(out, "a local Flink cluster: stop it with scripts/flink-cluster.sh stop " + settings.dir());
        }
    }

    /** Stops the TaskManagers, then the JobManager (SIGTERM, SIGKILL after the grace); the logs stay. */
    @Override
    public void close() throws InterruptedException {
        for (FlinkProcess p : all()) {
            if (p.alive()) {
                p.stop();
            }
        }
        try {
            Files.deleteIfExists(settings.dir().resolve(STATE));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Stops the cluster whose directory is {@code dir}, started by another JVM ({@code cluster.properties}):
     * only processes still running with that directory's configuration are stopped. Returns how many.
     */
    public static int stop(Path dir) throws IOException, InterruptedException {
        Path state = dir.resolve(STATE);
        if (!Files.exists(state)) {
            return 0;
        }
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(state, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        String conf = dir.resolve("conf").toAbsolutePath().toString();
        int stopped = 0;
        List<String> pids = new ArrayList<>(p.stringPropertyNames().stream().filter(k -> k.endsWith(".pid")).sorted().toList());
        java.util.Collections.reverse(pids); // the TaskManagers first, then the JobManager
        for (String key : pids) {
            var h = ProcessHandle.of(Long.parseLong(p.getProperty(key)));
            if (h.isPresent() && h.get().info().commandLine().map(c -> c.contains(conf)).orElse(false)) {
                FlinkProcess.stop(h.get());
                stopped++;
            }
        }
        Files.delete(state);
        return stopped;
    }
}
