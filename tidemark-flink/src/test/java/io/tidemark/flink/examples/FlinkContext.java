package io.tidemark.flink.examples;

import io.tidemark.flink.FlinkRunner;
import io.tidemark.flink.SharedMiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Makes {@code StreamExecutionEnvironment.getExecutionEnvironment()} of a Flink program, run from a
 * test, return an environment of the shared MiniCluster, at parallelism 1 (the embedded engine's
 * default), as Flink's own test environment does; so a Flink example's unchanged {@code main} runs on
 * Flink 2.3 in this JVM and prints to this JVM's standard out.
 */
final class FlinkContext extends StreamExecutionEnvironment {

    private FlinkContext() {}

    /** Runs {@code main} with the shared MiniCluster as the context environment. */
    static void run(ExamplePorts.Main main) throws Exception {
        // made before the context is set: Flink makes no remote environment inside a context
        StreamExecutionEnvironment env = FlinkRunner.environment(SharedMiniCluster.options());
        env.setParallelism(1);
        initializeContextEnvironment(configuration -> {
            env.configure(configuration); // as Flink's own context environments apply the program's configuration
            return env;
        });
        try {
            main.run();
        } finally {
            resetContextEnvironment();
        }
    }
}
