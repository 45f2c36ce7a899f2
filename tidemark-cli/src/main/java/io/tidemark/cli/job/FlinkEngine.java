package io.tidemark.cli.job;

import io.tidemark.core.execution.JobClient;
import io.tidemark.core.execution.PipelineExecutorFactory;
import io.tidemark.core.execution.PipelineExecutors;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a pipeline on the engine named {@value #ENGINE}: the Flink runner of module {@code tidemark-flink},
 * found on the class path through the API's engine lookup ({@link PipelineExecutors}). The command line
 * does not depend on Flink, whose jars are large; the {@code tidemark} launcher puts
 * {@code tidemark-flink} and Flink on the class path only for {@code --engine flink}.
 */
final class FlinkEngine {

    static final String ENGINE = "flink";
    /** Jars shipped to a remote cluster, separated by the path separator; the launcher sets it. */
    static final String SHIP_JARS_PROPERTY = "tidemark.flink.jars";

    private FlinkEngine() {}

    private static PipelineExecutorFactory engine() {
        try {
            return PipelineExecutors.find(ENGINE).orElseThrow(() -> unavailable(null));
        } catch (IllegalStateException | LinkageError e) {
            throw unavailable(e);
        }
    }

    private static EngineUnavailableException unavailable(Throwable cause) {
        return new EngineUnavailableException("the Flink engine is not available: module tidemark-flink and Flink are not "
                + "on the class path" + (cause == null ? "" : " (" + cause.getMessage() + ")") + ". Run through the "
                + "./tidemark launcher, which builds them when --engine flink is given, or add "
                + "tidemark-flink/target/classes and its dependency jars to the class path.", cause);
    }

    /** Fails with {@link EngineUnavailableException} unless the engine is on the class path. */
    static void check() {
        engine();
    }

    /** The jars to ship to a remote cluster: {@value #SHIP_JARS_PROPERTY}, existing files only. */
    static List<String> shipJars() {
        List<String> jars = new ArrayList<>();
        String p = System.getProperty(SHIP_JARS_PROPERTY, "");
        for (String s : p.split(File.pathSeparator)) {
            if (!s.isBlank() && new File(s).isFile()) {
                jars.add(s);
            }
        }
        return jars;
    }

    /**
     * Starts the pipeline of {@code env} on Flink: a local MiniCluster, or the cluster at {@code master}
     * shipping {@code jars}; returns the running job (its result when it ended, its cancel).
     */
    static JobClient start(StreamExecutionEnvironment env, String jobName, String master, List<String> jars)
            throws Exception {
        return start(env, jobName, master, jars, Map.of());
    }

    /** As {@link #start(StreamExecutionEnvironment, String, String, List)}, with the engine's {@code extra} options ({@code flink.KEY}). */
    static JobClient start(StreamExecutionEnvironment env, String jobName, String master, List<String> jars, Map<String, String> extra)
            throws Exception {
        Map<String, String> options = new LinkedHashMap<>(extra);
        if (master != null) {
            options.put("master", master);
            if (!jars.isEmpty()) {
                options.put("jars", String.join(File.pathSeparator, jars));
            }
        }
        PipelineExecutorFactory engine = engine();
        try {
            env.setExecutor(engine.getExecutor(options));
        } catch (LinkageError e) {
            throw unavailable(e);
        }
        return env.executeAsync(jobName);
    }
}
