package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.core.execution.JobClient;
import io.tidemark.monitor.JobMonitor;
import io.tidemark.monitor.MonitorOptions;
import io.tidemark.time.Clock;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The run's monitor ({@code monitoring} in the job file, {@code --monitor-port}): tidemark-monitor's
 * {@link JobMonitor} on the running job, with the command's dead-letter counts; its address goes to
 * standard error when it starts.
 */
final class Monitor implements AutoCloseable {

    private final JobMonitor monitor;

    private Monitor(JobMonitor monitor) {
        this.monitor = monitor;
    }

    /** Starts serving {@code job}; a port that cannot be had fails the run, naming the key. */
    static Monitor start(JobClient job, JobConfig.Monitoring m, Clock clock, Supplier<Map<String, Long>> deadLetters,
            PrintStream err) throws RunFailedException {
        try {
            InetAddress bind = InetAddress.getByName(m.bind());
            JobMonitor monitor = JobMonitor.start(job, MonitorOptions.port(m.port()).bind(bind).deadLetters(deadLetters)
                    .keyText(Monitor::keyText), clock);
            InetSocketAddress at = monitor.address();
            String host = at.getAddress().isAnyLocalAddress() ? "127.0.0.1" : at.getAddress().getHostAddress();
            if (host.contains(":")) {
                host = "[" + host + "]";
            }
            err.println("monitor: http://" + host + ":" + at.getPort() + "/ (metrics: /metrics, why a window has not "
                    + "fired: /api/explain?key=K&window_start=T)");
            return new Monitor(monitor);
        } catch (IOException e) {
            throw new RunFailedException(JobKeys.MONITOR_PORT.path() + " " + m.port() + ": cannot listen on " + m.bind() + ":"
                    + m.port() + ": " + e.getMessage(), e, List.of());
        }
    }

    /**
     * The job's key text for a key as typed: the key-by values separated by {@code |}, each a JSON literal
     * as the command keeps them ({@code u1} → {@code ["u1"]}, {@code 42|shop} → {@code [42, "shop"]};
     * a value typed with quotes stays as typed). An empty text is the key of a job without key-by.
     */
    static String keyText(String typed) {
        if (typed.isEmpty()) {
            return "[]";
        }
        List<String> literals = new java.util.ArrayList<>();
        for (String v : typed.split("\\|", -1)) {
            literals.add(literal(v.trim()));
        }
        return literals.toString();
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private static String literal(String v) {
        try {
            com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(v);
            if (n != null && n.isValueNode() && !n.isMissingNode()) {
                return v; // a number, true/false/null, or a string typed with its quotes
            }
        } catch (IOException e) {
            // not JSON: a string typed without quotes
        }
        try {
            return JSON.writeValueAsString(v);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        monitor.close();
    }
}
