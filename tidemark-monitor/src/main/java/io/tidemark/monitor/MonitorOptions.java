package io.tidemark.monitor;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * Where and how a {@link JobMonitor} serves: the port and address (the loopback unless another address
 * is configured), how often it samples the job for the page's history, how many samples it keeps, and
 * how long a client may take to send a request, and where dead-letter counts come from (the engine has none; the command and applications that keep a
 * dead-letter output give theirs).
 *
 * <pre>{@code
 * JobClient job = env.executeAsync("orders");
 * try (JobMonitor monitor = JobMonitor.start(job, MonitorOptions.port(9249))) {
 *     job.getJobExecutionResult();
 * }
 * }</pre>
 */
public final class MonitorOptions {

    /** The port Flink's Prometheus reporter uses by default, and so the monitor's. */
    public static final int DEFAULT_PORT = 9249;

    private int port = DEFAULT_PORT;
    private InetAddress bind = InetAddress.getLoopbackAddress();
    private Duration sampleInterval = Duration.ofSeconds(1);
    private int historySamples = 600;
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Supplier<Map<String, Long>> deadLetters = Map::of;
    private UnaryOperator<String> keyText = UnaryOperator.identity();

    private MonitorOptions() {}

    /** Serves on {@code port} of the loopback address (0: any free port). */
    public static MonitorOptions port(int port) {
        return new MonitorOptions().withPort(port);
    }

    public MonitorOptions withPort(int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("a port is 0 to 65535, not " + port);
        }
        this.port = port;
        return this;
    }

    /** Serves on {@code address} instead of the loopback: every host that reaches it sees the job. */
    public MonitorOptions bind(InetAddress address) {
        this.bind = Objects.requireNonNull(address, "address");
        return this;
    }

    /** How often the job is sampled for the page's history (default 1 s). */
    public MonitorOptions sampleEvery(Duration interval) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the sample interval must be positive: " + interval);
        }
        this.sampleInterval = interval;
        return this;
    }

    /** How many samples the history keeps (default 600: ten minutes at one a second). */
    public MonitorOptions keep(int samples) {
        if (samples < 2) {
            throw new IllegalArgumentException("the history keeps at least 2 samples, not " + samples);
        }
        this.historySamples = samples;
        return this;
    }

    /**
     * How long a connection may go without a byte in or out, and at most how long (twice this) one may
     * take to send a request (default 30 s): a slow or silent client is closed then.
     */
    public MonitorOptions requestTimeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the request timeout must be positive: " + timeout);
        }
        this.requestTimeout = timeout;
        return this;
    }

    /** Dead letters so far by reason, read at every sample and scrape (thread-safe). */
    public MonitorOptions deadLetters(Supplier<Map<String, Long>> counts) {
        this.deadLetters = Objects.requireNonNull(counts, "counts");
        return this;
    }

    /**
     * How a key as a person types it becomes the key's text in the job ({@code String.valueOf} of the key
     * object), for {@code /api/explain}; the identity by default. The command's keys are lists of JSON
     * literals: it turns {@code u1} into {@code ["u1"]}.
     */
    public MonitorOptions keyText(UnaryOperator<String> typedToKeyText) {
        this.keyText = Objects.requireNonNull(typedToKeyText, "typedToKeyText");
        return this;
    }

    public UnaryOperator<String> keyText() {
        return keyText;
    }

    public int port() {
        return port;
    }

    public InetAddress bindAddress() {
        return bind;
    }

    public Duration sampleInterval() {
        return sampleInterval;
    }

    public int historySamples() {
        return historySamples;
    }

    public Duration requestTimeout() {
        return requestTimeout;
    }

    public Supplier<Map<String, Long>> deadLetters() {
        return deadLetters;
    }
}
