package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.output.KafkaOutputType;
import io.tidemark.cli.source.KafkaSourceType;
import io.tidemark.cli.spi.OutputContext;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/** Checks, before a run, that the Kafka brokers a job names answer, so that a wrong address fails at once naming its key. */
final class KafkaPreflight {

    /** How long the brokers may take to answer, unless the properties set {@code default.api.timeout.ms}. */
    static final long TIMEOUT_MS = 15_000;

    private KafkaPreflight() {}

    /** Fails with an {@link IOException} naming {@code key} when no broker at {@code servers} answers in time. */
    static void check(String key, String servers, Map<String, String> properties) throws IOException {
        long timeout = TIMEOUT_MS;
        String t = properties.get(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG);
        if (t != null) {
            try {
                timeout = Long.parseLong(t.trim());
            } catch (NumberFormatException e) {
                throw new IOException(key.replace("bootstrap-servers", "properties") + "." + AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG
                        + ": not a number of milliseconds: '" + t + "'");
            }
        }
        Properties p = new Properties();
        properties.forEach((k, v) -> {
            if (AdminClientConfig.configNames().contains(k)) {
                p.setProperty(k, v);
            }
        });
        p.setProperty(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers);
        p.setProperty(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, Long.toString(timeout));
        p.setProperty(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, Long.toString(Math.min(timeout, 30_000)));
        try (Admin admin = Admin.create(p)) {
            admin.describeCluster().nodes().get(timeout, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(key + ": interrupted while reaching the Kafka brokers at " + servers, e);
        } catch (ExecutionException | java.util.concurrent.TimeoutException | org.apache.kafka.common.KafkaException e) {
            Throwable c = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw new IOException(key + ": cannot reach the Kafka brokers at " + servers + " (no answer within " + timeout
                    + " ms" + (c.getMessage() == null ? "" : ": " + c.getMessage()) + ")", c);
        }
    }

    /**
     * Before anything runs: a Kafka source's or output's brokers must answer, else the run fails at
     * once naming the key ({@code source.bootstrap-servers}, {@code output.results.bootstrap-servers}).
     */
    static void job(JobConfig job) throws RunFailedException {
        try {
            if (job.source().spec() instanceof KafkaSourceType.Spec k) {
                check("source.bootstrap-servers", k.bootstrapServers(), k.properties());
            }
            for (OutputContext.Role role : OutputContext.Role.values()) {
                if (job.outputs().get(role) instanceof KafkaOutputType.Spec k) {
                    check(role.key() + ".bootstrap-servers", k.bootstrapServers(), k.properties());
                }
            }
        } catch (IOException e) {
            throw new RunFailedException(e.getMessage(), e, List.of());
        }
    }
}
