package io.tidemark.connector.jdbc;

import java.io.Serializable;
import java.time.Duration;

/**
 * How the sink writes: rows are buffered and written in one transaction when {@code batchSize} rows are
 * buffered, when {@code batchInterval} has passed since the first buffered row (0: never by time), and
 * when the input ends (or, on Flink, at a checkpoint). A write that fails with a transient error (a lost
 * connection, a server shutting down or starting, a serialization failure or deadlock) is retried up to
 * {@code maxRetries} times on a new connection, waiting {@code initialBackoff}, then twice as long each
 * time, at most {@code maxBackoff}. Any other error fails the job at once.
 *
 * <p>Worst case before a write gives up: {@code maxRetries} waits, at most
 * {@code min(maxBackoff, initialBackoff · 2^(i−1))} each (defaults: 8 retries, 0.1 s doubling to 10 s:
 * 0.1+0.2+0.4+0.8+1.6+3.2+6.4+10 ≈ 22.7 s of waiting).
 */
public final class JdbcExecutionOptions implements Serializable {

    private static final long serialVersionUID = 1L;

    public static final int DEFAULT_BATCH_SIZE = 500;
    public static final Duration DEFAULT_BATCH_INTERVAL = Duration.ofSeconds(1);
    public static final int DEFAULT_MAX_RETRIES = 8;
    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(100);
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(10);

    private final int batchSize;
    private final long batchIntervalMillis;
    private final int maxRetries;
    private final long initialBackoffMillis;
    private final long maxBackoffMillis;

    private JdbcExecutionOptions(Builder b) {
        this.batchSize = b.batchSize;
        this.batchIntervalMillis = b.batchIntervalMillis;
        this.maxRetries = b.maxRetries;
        this.initialBackoffMillis = b.initialBackoffMillis;
        this.maxBackoffMillis = b.maxBackoffMillis;
    }

    public static JdbcExecutionOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public int batchSize() {
        return batchSize;
    }

    /** 0: buffered rows are written only when the batch is full or the input ends. */
    public long batchIntervalMillis() {
        return batchIntervalMillis;
    }

    public int maxRetries() {
        return maxRetries;
    }

    /** The wait before retry {@code attempt} (1, 2, …): {@code min(max, initial · 2^(attempt−1))}. */
    public long backoffMillis(int attempt) {
        long wait = initialBackoffMillis;
        for (int i = 1; i < attempt && wait < maxBackoffMillis; i++) {
            wait *= 2;
        }
        return Math.min(wait, maxBackoffMillis);
    }

    @Override
    public String toString() {
        return "batch " + batchSize + " rows / " + batchIntervalMillis + " ms, " + maxRetries + " retries ("
                + initialBackoffMillis + " ms doubling to " + maxBackoffMillis + " ms)";
    }

    /** Builds {@link JdbcExecutionOptions}; every setting has the default named on its constant. */
    public static final class Builder {
        private int batchSize = DEFAULT_BATCH_SIZE;
        private long batchIntervalMillis = DEFAULT_BATCH_INTERVAL.toMillis();
        private int maxRetries = DEFAULT_MAX_RETRIES;
        private long initialBackoffMillis = DEFAULT_INITIAL_BACKOFF.toMillis();
        private long maxBackoffMillis = DEFAULT_MAX_BACKOFF.toMillis();

        private Builder() {}

        public Builder withBatchSize(int rows) {
            if (rows < 1) {
                throw new IllegalArgumentException("batch size must be at least 1, got " + rows);
            }
            this.batchSize = rows;
            return this;
        }

        public Builder withBatchInterval(Duration interval) {
            if (interval.isNegative()) {
                throw new IllegalArgumentException("batch interval must not be negative, got " + interval);
            }
            this.batchIntervalMillis = interval.toMillis();
            return this;
        }

        public Builder withMaxRetries(int retries) {
            if (retries < 0) {
                throw new IllegalArgumentException("max retries must not be negative, got " + retries);
            }
            this.maxRetries = retries;
            return this;
        }

        public Builder withBackoff(Duration initial, Duration max) {
            if (initial.isNegative() || max.compareTo(initial) < 0) {
                throw new IllegalArgumentException("backoff: need 0 <= initial <= max, got " + initial + " and " + max);
            }
            this.initialBackoffMillis = initial.toMillis();
            this.maxBackoffMillis = max.toMillis();
            return this;
        }

        public JdbcExecutionOptions build() {
            return new JdbcExecutionOptions(this);
        }
    }
}
