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
 *   <li>{@code parallelism}: the job's default parallelism (default: the pipeline's);
 *   <li>{@code checkpoint.dir}: Flink checkpoints into this directory, restoring the latest there
 *       ({@link FlinkCheckpointing}); with {@code checkpoint.interval} (ms, default 1000),
 *       {@code checkpoint.retain} (default 1) and {@code checkpoint.fresh} ({@code true}: ignore what the
 *       directory holds);
 *   <li>{@code flink.KEY}: Flink's configuration {@code KEY} for the job (e.g.
 *       {@code flink.restart-strategy.type}: {@code fixed-delay}, so that Flink restarts a failed job from its
 *       latest checkpoint instead of failing it).
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
            if (!OPTIONS.contains(key) && !key.startsWith(FLINK_CONFIGURATION)) {
                throw new IllegalArgumentException("unknown option '" + key + "' of the flink engine; options: "
                        + String.join(", ", OPTIONS) + ", " + FLINK_CONFIGURATION + "KEY");
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
        String dir = options.get("checkpoint.dir");
        if (dir != null) {
            FlinkCheckpointing c = FlinkCheckpointing.of(java.nio.file.Path.of(dir),
                    java.time.Duration.ofMillis(number(options, "checkpoint.interval", "1000")),
                    (int) number(options, "checkpoint.retain", "1"));
            o = o.withCheckpointing(Boolean.parseBoolean(options.getOrDefault("checkpoint.fresh", "false")) ? c.fresh() : c);
        } else if (options.keySet().stream().anyMatch(k -> k.startsWith("checkpoint."))) {
            throw new IllegalArgumentException("options checkpoint.* of the flink engine need checkpoint.dir");
        }
        java.util.Map<String, String> flink = new java.util.LinkedHashMap<>();
        options.forEach((k, v) -> {
            if (k.startsWith(FLINK_CONFIGURATION)) {
                flink.put(k.substring(FLINK_CONFIGURATION.length()), v);
            }
        });
        if (!flink.isEmpty()) {
            o = o.withConfiguration(org.apache.flink.configuration.Configuration.fromMap(flink));
        }
        return FlinkRunner.executor(o);
    }

    /** The prefix of options that are Flink configuration keys. */
    static final String FLINK_CONFIGURATION = "flink.";

    /** The options this engine knows. */
    static final List<String> OPTIONS = List.of("master", "jars", "parallelism", "checkpoint.dir", "checkpoint.interval",
            "checkpoint.retain", "checkpoint.fresh");

    private static long number(Map<String, String> options, String key, String otherwise) {
        String v = options.getOrDefault(key, otherwise).trim();
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option '" + key + "' of the flink engine: not a number: '" + v + "'");
        }
    }
}
