package io.tidemark.monitor;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the monitor's tests share: waiting for a running job, HTTP, reading Prometheus text. */
final class MonitorJobs {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private MonitorJobs() {}

    /** Waits (bounded) until {@code condition} holds: the job runs on its own threads. */
    static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after 30 s waiting for " + what);
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }

    /** The summed metric {@code name} of {@code operator}. */
    static long metric(JobClient job, String operator, String name) {
        long sum = 0;
        for (SubtaskMetrics m : job.getMetrics()) {
            if (m.getOperatorName().equals(operator)) {
                sum += m.snapshot().get(name);
            }
        }
        return sum;
    }

    static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /**
     * The value of the sample of {@code family} whose labels include every {@code label="value"} pair
     * given, from Prometheus text; fails if there is none.
     */
    static double value(String text, String family, String... labels) {
        Pattern p = Pattern.compile("^" + Pattern.quote(family) + "\\{([^}]*)\\} (\\S+)$", Pattern.MULTILINE);
        Matcher m = p.matcher(text);
        while (m.find()) {
            boolean all = true;
            for (String l : labels) {
                all &= m.group(1).contains(l);
            }
            if (all) {
                return Double.parseDouble(m.group(2));
            }
        }
        throw new AssertionError("no sample of " + family + " with " + String.join(", ", labels) + " in:\n" + text);
    }

    /** Counts a window's records. */
    static final class Count<T> implements AggregateFunction<T, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(T value, Long acc) {
            return acc + 1;
        }

        @Override
        public Long getResult(Long acc) {
            return acc;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** A latch a scripted source waits on (its thread blocks, as a live source does between records). */
    static Runnable blockOn(CountDownLatch latch) {
        return () -> {
            try {
                latch.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
    }
}
