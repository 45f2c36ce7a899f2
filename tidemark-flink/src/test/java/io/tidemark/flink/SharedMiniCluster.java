package io.tidemark.flink;

import java.net.URI;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * One Flink MiniCluster for every test of this JVM (started on first use, stopped at exit): starting
 * one costs seconds, a job on a running one well under one. Jobs reach it through its REST port, as a
 * remote cluster would be reached ({@link FlinkRunner.Options#remote}).
 */
public final class SharedMiniCluster {

    private static MiniCluster cluster;
    private static URI rest;

    private SharedMiniCluster() {}

    public static synchronized FlinkRunner.Options options() throws Exception {
        if (cluster == null) {
            Configuration conf = new Configuration();
            conf.set(RestOptions.BIND_PORT, "0");
            conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.parse("32m"));
            conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.parse("128m"));
            conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.parse("128m"));
            MiniCluster c = new MiniCluster(new MiniClusterConfiguration.Builder()
                    .setConfiguration(conf)
                    .setNumTaskManagers(1)
                    .setNumSlotsPerTaskManager(4)
                    .build());
            c.start();
            cluster = c;
            rest = c.getRestAddress().get();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    c.close();
                } catch (Exception ignored) {
                    // exiting anyway
                }
            }));
        }
        return FlinkRunner.Options.remote(rest.getHost(), rest.getPort());
    }
}
