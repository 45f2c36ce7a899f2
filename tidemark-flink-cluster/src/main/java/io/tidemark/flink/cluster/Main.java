package io.tidemark.flink.cluster;

import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code scripts/flink-cluster.sh}: starts a {@link LocalFlinkCluster} in a directory and returns, the
 * cluster running on; stops it again.
 * <pre>
 * start DIR [--taskmanagers N] [--slots N] [--set KEY=VALUE]...   prints the REST address
 * stop DIR
 * </pre>
 * The jars are those in the system property {@code tidemark.flink.lib} (the script sets it).
 */
public final class Main {

    private Main() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || !args[0].equals("start") && !args[0].equals("stop")) {
            usage();
            return;
        }
        Path dir = Path.of(args[1]).toAbsolutePath();
        if (args[0].equals("stop")) {
            int n = LocalFlinkCluster.stop(dir);
            System.out.println(n == 0 ? "no running cluster in " + dir : "stopped " + n + " processes of the cluster in " + dir);
            return;
        }
        LocalFlinkCluster.Settings s = LocalFlinkCluster.Settings.of(dir, Path.of(System.getProperty("tidemark.flink.lib", "lib")));
        int tms = s.taskManagers();
        int slots = s.slots();
        for (int i = 2; i < args.length; i++) {
            switch (args[i]) {
                case "--taskmanagers" -> tms = Integer.parseInt(args[++i]);
                case "--slots" -> slots = Integer.parseInt(args[++i]);
                case "--set" -> {
                    String kv = args[++i];
                    int eq = kv.indexOf('=');
                    if (eq < 1) {
                        usage();
                        return;
                    }
                    s = s.with(kv.substring(0, eq), kv.substring(eq + 1));
                }
                default -> {
                    usage();
                    return;
                }
            }
        }
        if (java.nio.file.Files.exists(dir.resolve(LocalFlinkCluster.STATE))) {
            System.err.println("flink-cluster: a cluster may be running in " + dir + " (" + LocalFlinkCluster.STATE
                    + " is there): stop it first");
            System.exit(1);
        }
        s = new LocalFlinkCluster.Settings(s.dir(), s.lib(), tms, slots, Duration.ofSeconds(120), s.config());
        LocalFlinkCluster c = LocalFlinkCluster.start(s);
        System.out.println("Flink 2.3 session cluster: 1 JobManager, " + tms + " TaskManagers × " + slots + " slots");
        System.out.println("  REST and web UI  http://" + c.restAddress() + "/");
        System.out.println("  run a job        ./tidemark run --engine flink --flink-master " + c.restAddress() + " -p " + tms * slots
                + " JOB.yaml");
        System.out.println("  logs             " + dir.resolve("log"));
        System.out.println("  stop             scripts/flink-cluster.sh stop " + dir);
    }

    private static void usage() {
        System.err.println("usage: flink-cluster.sh start DIR [--taskmanagers N] [--slots N] [--set KEY=VALUE]...\n"
                + "       flink-cluster.sh stop DIR");
        System.exit(2);
    }
}
