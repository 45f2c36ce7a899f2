package io.tidemark.flink;

import io.tidemark.core.execution.PipelineExecutor;
import io.tidemark.core.execution.PipelineExecutorFactory;
import java.io.File;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Flink runner as the engine {@code "flink"} ({@code PipelineExecutors.find("flink")}), listed in
 * {@code META-INF/services}: whoever has {@code tidemark-flink} and Flink on the class path can run a
 * pipeline on Flink by name, without compiling against either. Options:
 * <ul>
 *   <li>{@code master}: {@code local} (default: a MiniCluster in this JVM), {@code context} (the
 *       environment of {@code flink run}), or {@code host:port}, a running cluster's REST address;
 *   <li>{@code jars}: jar files shipped to a remote cluster, separated by the path separator
 *       ({@code :} on Unix);
 *   <li>{@code parallelism}: the job's default parallelism (default: the pipeline's).
 * </ul>
 */
public final class FlinkExecutorFactory implements PipelineExecutorFactory {

    /** The engine's name. */
    public static final String NAME = "flink";

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public PipelineExecutor getExecutor(Map<String, String> options) {
        for (String key : options.keySet()) {
            if (!List.of("master", "jars", "parallelism").contains(key)) {
                throw new IllegalArgumentException("unknown option '" + key + "' of the flink engine; options: master, jars, "
                        + "parallelism");
            }
        }
        String master = options.getOrDefault("master", "local");
        FlinkRunner.Options o = switch (master) {
            case "local" -> FlinkRunner.Options.local();
            case "context" -> FlinkRunner.Options.context();
            default -> FlinkRunner.Options.remote(master);
        };
        List<String> jars = new ArrayList<>();
        for (String jar : options.getOrDefault("jars", "").split(File.pathSeparator)) {
            if (!jar.isBlank()) {
                jars.add(jar);
            }
        }
        if (!jars.isEmpty()) {
            o = o.withJars(jars.toArray(new String[0]));
        }
        String p = options.get("parallelism");
        if (p != null) {
            try {
                o = o.withParallelism(Integer.parseInt(p.trim()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option 'parallelism' of the flink engine: not a number: '" + p + "'");
            }
        }
        return FlinkRunner.executor(o);
    }
}
