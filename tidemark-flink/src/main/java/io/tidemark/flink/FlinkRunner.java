package io.tidemark.flink;

import io.tidemark.core.execution.PipelineExecutor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Runs a Tidemark pipeline on Apache Flink: translates it ({@link FlinkTranslator}) and executes it on
 * a local MiniCluster (default) or on a remote cluster, then returns when the job has finished.
 *
 * <pre>{@code
 * StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(); // Tidemark's
 * ... build the pipeline ...
 * FlinkRunner.Result r = FlinkRunner.execute(env, "my job", FlinkRunner.Options.local());
 * FlinkRunner.execute(env, "my job", FlinkRunner.Options.remote("jobmanager", 8081).withJars("job.jar"));
 * }</pre>
 *
 * This is the entry point for {@code tidemark run --engine flink}.
 */
public final class FlinkRunner {

    private FlinkRunner() {}

    /** Where and how the job runs. Immutable; the {@code with…} methods return changed copies. */
    public static final class Options {
        private final String host;
        private final int port;
        private final List<String> jars;
        private final int parallelism;
        private final Configuration configuration;
        private final boolean context;
        private final FlinkCheckpointing checkpointing;

        private Options(String host, int port, List<String> jars, int parallelism, Configuration configuration) {
            this(host, port, jars, parallelism, configuration, false, null);
        }

        private Options(String host, int port, List<String> jars, int parallelism, Configuration configuration, boolean context,
                FlinkCheckpointing checkpointing) {
            this.context = context;
            this.checkpointing = checkpointing;
            this.host = host;
            this.port = port;
            this.jars = List.copyOf(jars);
            this.parallelism = parallelism;
            this.configuration = configuration;
        }

        /** A local Flink MiniCluster started for the job, inside this JVM. */
        public static Options local() {
            return new Options(null, -1, List.of(), -1, new Configuration());
        }

        /**
         * Whatever environment Flink provides to the program: the cluster when the program runs under
         * {@code flink run job.jar} (a packaged job), else a local MiniCluster.
         */
        public static Options context() {
            return new Options(null, -1, List.of(), -1, new Configuration(), true, null);
        }

        /**
         * A running Flink cluster, by the address of its REST endpoint (the JobManager's web port,
         * 8081 by default). The job's classes must reach the cluster: pass the job jar with
         * {@link #withJars}, unless they are on the cluster's class path already.
         */
        public static Options remote(String host, int port) {
            Objects.requireNonNull(host, "host");
            if (port <= 0 || port > 65535) {
                throw new IllegalArgumentException("port out of range: " + port);
            }
            return new Options(host, port, List.of(), -1, new Configuration());
        }

        /** Parses {@code host:port}, as given to {@code --flink-master}. */
        public static Options remote(String hostAndPort) {
            int at = hostAndPort.lastIndexOf(':');
            if (at <= 0 || at == hostAndPort.length() - 1) {
                throw new IllegalArgumentException("expected host:port, got '" + hostAndPort + "'");
            }
            return remote(hostAndPort.substring(0, at), Integer.parseInt(hostAndPort.substring(at + 1)));
        }

        /** Jar files shipped to a remote cluster with the job (the job's classes and Tidemark's). */
        public Options withJars(String... jarFiles) {
            List<String> all = new ArrayList<>(jars);
            Collections.addAll(all, jarFiles);
            return new Options(host, port, all, parallelism, configuration, context, checkpointing);
        }

        /** The job's default parallelism; default: the Tidemark environment's. */
        public Options withParallelism(int parallelism) {
            if (parallelism < 1) {
                throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
            }
            return new Options(host, port, jars, parallelism, configuration, context, checkpointing);
        }

        /** Extra Flink configuration (e.g. memory of the local MiniCluster). */
        public Options withConfiguration(Configuration extra) {
            Configuration c = new Configuration(configuration);
            c.addAll(extra);
            return new Options(host, port, jars, parallelism, c, context, checkpointing);
        }

        /**
         * Flink checkpoints as {@code checkpointing} describes (storage, interval, retention), restoring
         * the latest checkpoint in its directory unless it is {@link FlinkCheckpointing#fresh()}.
         */
        public Options withCheckpointing(FlinkCheckpointing checkpointing) {
            return new Options(host, port, jars, parallelism, configuration, context, Objects.requireNonNull(checkpointing,
                    "checkpointing"));
        }

        /** The job's checkpoints, or null when it takes none. */
        public FlinkCheckpointing getCheckpointing() {
            return checkpointing;
        }

        /**
         * These options over the keys the program configured ({@code env.configure}, Tidemark's
         * {@code Configuration}): every key goes to Flink as it is; the options' own configuration
         * wins where both set a key.
         */
        Options over(io.tidemark.configuration.Configuration program) {
            Configuration c = Configuration.fromMap(program.toMap());
            c.addAll(configuration);
            return new Options(host, port, jars, parallelism, c, context, checkpointing);
        }

        /** The Flink configuration of the job: the extra configuration and the checkpoint settings. */
        Configuration jobConfiguration() {
            Configuration c = new Configuration(configuration);
            if (checkpointing != null) {
                checkpointing.configure(c);
            }
            return c;
        }

        public boolean isContext() {
            return context;
        }

        public boolean isRemote() {
            return host != null;
        }

        public String getHost() {
            return host;
        }

        public int getPort() {
            return port;
        }

        public List<String> getJars() {
            return jars;
        }

        public int getParallelism() {
            return parallelism;
        }

        @Override
        public String toString() {
            String where = context ? "flink (environment of flink run)" : isRemote()
                    ? "flink remote " + host + ":" + port + (jars.isEmpty() ? "" : " jars " + jars) : "flink local MiniCluster";
            return checkpointing == null ? where : where + ", " + checkpointing;
        }
    }

    /** What a finished Flink job reports. */
    public static final class Result {
        private final String jobName;
        private final String jobId;
        private final long netRuntimeMillis;
        private final Map<String, Map<String, Long>> counters;

        Result(String jobName, String jobId, long netRuntimeMillis, Map<String, Map<String, Long>> counters) {
            this.jobName = jobName;
            this.jobId = jobId;
            this.netRuntimeMillis = netRuntimeMillis;
            this.counters = counters;
        }

        public String getJobName() {
            return jobName;
        }

        /** Flink's job id. */
        public String getJobId() {
            return jobId;
        }

        public long getNetRuntime() {
            return netRuntimeMillis;
        }

        /**
         * Per operator (by its Tidemark name), the counters the translated functions kept, summed over
         * subtasks: {@code numRecordsIn} / {@code numRecordsOut} for sources, maps, filters, process
         * functions and sinks, {@code numWindowFirings} / {@code numRecordsOut} for windows. Late-record
         * counts of windows are in Flink's own metrics ({@code numLateRecordsDropped}), not here.
         */
        public Map<String, Map<String, Long>> getOperatorCounters() {
            return counters;
        }

        /** One counter of one operator, or 0 when it was never incremented. */
        public long getCounter(String operator, String metric) {
            Map<String, Long> m = counters.get(operator);
            if (m == null) {
                throw new IllegalArgumentException("no operator named '" + operator + "'; operators: " + counters.keySet());
            }
            return m.getOrDefault(metric, 0L);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder("Flink job '" + jobName + "' (" + jobId + ") ran " + netRuntimeMillis + " ms\n");
            counters.forEach((op, m) -> sb.append("  ").append(op).append(' ').append(m).append('\n'));
            return sb.toString();
        }
    }

    /**
     * Translates the pipeline built on {@code env} and runs it on Flink; returns when the job ended.
     * Translation errors ({@link TranslationException}) come before anything runs. The Tidemark
     * environment is only read: build a new one for the next job.
     */
    public static Result execute(io.tidemark.streaming.api.environment.StreamExecutionEnvironment env, String jobName,
            Options options) throws Exception {
        options = withJobCheckpoints(options.over(programConfiguration(env)), env.getConfig());
        StreamExecutionEnvironment flink = environment(options);
        FlinkTranslator.translate(env, flink);
        if (options.getParallelism() > 0) {
            flink.setParallelism(options.getParallelism());
        }
        org.apache.flink.api.common.JobExecutionResult r = flink.execute(jobName);
        return new Result(jobName, String.valueOf(r.getJobID()), r.getNetRuntime(), counters(r.getAllAccumulatorResults()));
    }

    /**
     * An executor that runs Tidemark pipelines on Flink with {@code options}: after
     * {@code env.setExecutor(FlinkRunner.executor(Options.local()))}, {@code env.execute()} runs on Flink
     * and returns Tidemark's {@code JobExecutionResult} (the counters of {@link Result#getOperatorCounters},
     * as per-operator metrics).
     */
    public static PipelineExecutor executor(Options options) {
        return new FlinkExecutor(Objects.requireNonNull(options, "options"));
    }

    /**
     * {@code options}, with the checkpoints the Tidemark job asked for ({@code env.enableCheckpointing},
     * {@code env.getCheckpointConfig()}) unless the options name their own ({@link Options#withCheckpointing}).
     */
    static Options withJobCheckpoints(Options options, io.tidemark.api.common.ExecutionConfig config) {
        io.tidemark.streaming.api.environment.CheckpointConfig c = config.getCheckpointConfig();
        return options.getCheckpointing() == null && c.isCheckpointingEnabled()
                ? options.withCheckpointing(FlinkCheckpointing.from(c)) : options;
    }

    /** The keys the program configured on {@code env}. */
    private static io.tidemark.configuration.Configuration programConfiguration(
            io.tidemark.streaming.api.environment.StreamExecutionEnvironment env) {
        return io.tidemark.configuration.Configuration.fromMap(env.getConfiguration().toMap());
    }

    /** The Flink environment the options describe (useful to translate without running). */
    public static StreamExecutionEnvironment environment(Options options) {
        Configuration conf = options.jobConfiguration();
        StreamExecutionEnvironment env;
        if (options.isContext()) {
            env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        } else if (options.isRemote()) {
            env = StreamExecutionEnvironment.createRemoteEnvironment(options.getHost(), options.getPort(), conf,
                    options.getJars().toArray(new String[0]));
        } else {
            env = StreamExecutionEnvironment.createLocalEnvironment(conf);
        }
        env.configure(conf); // a remote environment keeps job keys (the restart strategy) only when configured
        return env;
    }

    /** The translated functions' counters by operator, from Flink's accumulators ({@code operator#metric}). */
    static Map<String, Map<String, Long>> counters(Map<String, Object> accumulators) {
        Map<String, Map<String, Long>> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : new TreeMap<>(accumulators).entrySet()) {
            int at = e.getKey().lastIndexOf('#');
            if (at < 0 || !(e.getValue() instanceof Number)) {
                continue;
            }
            out.computeIfAbsent(e.getKey().substring(0, at), k -> new LinkedHashMap<>())
                    .put(e.getKey().substring(at + 1), ((Number) e.getValue()).longValue());
        }
        return out;
    }
}
