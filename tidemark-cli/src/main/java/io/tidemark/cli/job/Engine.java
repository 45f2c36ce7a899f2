package io.tidemark.cli.job;

import io.tidemark.cli.config.ConfigException;
import java.util.Locale;

/**
 * Where a job runs: Tidemark's embedded engine (the default), or Apache Flink through the
 * {@code tidemark-flink} runner, on a local MiniCluster or on a remote cluster ({@code --flink-master}).
 *
 * @param flinkMaster the remote cluster's REST address {@code host:port}, or null (local MiniCluster)
 */
public record Engine(boolean flink, String flinkMaster) {

    public static final Engine EMBEDDED = new Engine(false, null);

    /** {@code --engine} and {@code --flink-master} of the command line; usage errors as {@link ConfigException}. */
    public static Engine of(String engine, String flinkMaster) {
        String e = engine == null ? "embedded" : engine.toLowerCase(Locale.ROOT);
        switch (e) {
            case "embedded":
                if (flinkMaster != null) {
                    throw new ConfigException("--flink-master", "only with --engine flink");
                }
                return EMBEDDED;
            case "flink":
                if (flinkMaster != null) {
                    int at = flinkMaster.lastIndexOf(':');
                    boolean ok = at > 0 && at < flinkMaster.length() - 1;
                    if (ok) {
                        try {
                            int port = Integer.parseInt(flinkMaster.substring(at + 1));
                            ok = port > 0 && port <= 65535;
                        } catch (NumberFormatException x) {
                            ok = false;
                        }
                    }
                    if (!ok) {
                        throw new ConfigException("--flink-master", "expected host:port (the JobManager's REST address), got '"
                                + flinkMaster + "'");
                    }
                }
                return new Engine(true, flinkMaster);
            default:
                throw new ConfigException("--engine", "expected embedded or flink, got '" + engine + "'");
        }
    }

    public boolean remote() {
        return flinkMaster != null;
    }

    @Override
    public String toString() {
        return !flink ? "embedded" : remote() ? "flink (remote cluster " + flinkMaster + ")" : "flink (local MiniCluster)";
    }
}
