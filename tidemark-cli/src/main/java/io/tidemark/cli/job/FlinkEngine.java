package io.tidemark.cli.job;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a pipeline on Flink through {@code io.tidemark.flink.FlinkRunner} (module {@code tidemark-flink}),
 * called reflectively: the command line does not depend on Flink, whose jars are large; the
 * {@code tidemark} launcher puts {@code tidemark-flink} and Flink on the class path only for
 * {@code --engine flink}.
 */
final class FlinkEngine {

    static final String RUNNER = "io.tidemark.flink.FlinkRunner";
    /** Jars shipped to a remote cluster, separated by the path separator; the launcher sets it. */
    static final String SHIP_JARS_PROPERTY = "tidemark.flink.jars";

    private FlinkEngine() {}

    /** What Flink reports: its run time and, per operator, the counters the translated functions kept. */
    record Outcome(String jobId, long netRuntimeMillis, Map<String, Map<String, Long>> counters) {
        long counter(String operator, String metric) {
            Map<String, Long> m = counters.get(operator);
            return m == null ? 0 : m.getOrDefault(metric, 0L);
        }
    }

    private static Class<?> runner() {
        try {
            return Class.forName(RUNNER, true, FlinkEngine.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new EngineUnavailableException("the Flink engine is not available: " + RUNNER + " (module tidemark-flink) and Flink "
                    + "are not on the class path. Run through the ./tidemark launcher, which builds them when "
                    + "--engine flink is given, or add tidemark-flink/target/classes and its dependency jars "
                    + "to the class path.", e);
        }
    }

    /** Fails with {@link EngineUnavailableException} unless the runner can be loaded. */
    static void check() {
        runner();
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
     * {@code FlinkRunner.execute(env, jobName, Options.local())}, or {@code Options.remote(master)}
     * shipping {@code jars}; returns when the job ended.
     */
    static Outcome execute(StreamExecutionEnvironment env, String jobName, String master, List<String> jars)
            throws Exception {
        Class<?> runner = runner();
        try {
            Class<?> options = Class.forName(RUNNER + "$Options", true, runner.getClassLoader());
            Object o = master == null ? options.getMethod("local").invoke(null)
                    : options.getMethod("remote", String.class).invoke(null, master);
            if (master != null && !jars.isEmpty()) {
                o = options.getMethod("withJars", String[].class).invoke(o, (Object) jars.toArray(new String[0]));
            }
            Method execute = runner.getMethod("execute", StreamExecutionEnvironment.class, String.class, options);
            Object r = execute.invoke(null, env, jobName, o);
            @SuppressWarnings("unchecked")
            Map<String, Map<String, Long>> counters = (Map<String, Map<String, Long>>) r.getClass()
                    .getMethod("getOperatorCounters").invoke(r);
            long net = (Long) r.getClass().getMethod("getNetRuntime").invoke(r);
            String id = (String) r.getClass().getMethod("getJobId").invoke(r);
            return new Outcome(id, net, new LinkedHashMap<>(counters));
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            if (c instanceof Exception) {
                throw (Exception) c;
            }
            if (c instanceof Error) {
                throw (Error) c;
            }
            throw e;
        } catch (ReflectiveOperationException e) {
            throw new EngineUnavailableException("the Flink engine on the class path does not match this command (" + e + "); "
                    + "rebuild tidemark-flink", e);
        }
    }
}
