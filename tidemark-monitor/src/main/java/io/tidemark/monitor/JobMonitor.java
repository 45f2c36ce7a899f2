package io.tidemark.monitor;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.tidemark.core.execution.JobClient;
import io.tidemark.time.Clock;
import io.tidemark.time.SystemClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Request;

/**
 * Serves a running job's watermarks live, from the job's own process: a Prometheus endpoint, a JSON API
 * and a web page, on one port of the loopback address unless {@link MonitorOptions#bind} says otherwise.
 *
 * <table>
 *   <caption>endpoints</caption>
 *   <tr><td>{@code GET /metrics}</td><td>Prometheus text (or OpenMetrics/protobuf, as the scraper asks),
 *       see {@link PrometheusMetrics} for names</td></tr>
 *   <tr><td>{@code GET /}</td><td>the page: charts of the watermark per split and subtask, lag, idle
 *       status, late rate, open windows and dead letters, updating every sample</td></tr>
 *   <tr><td>{@code GET /api/job}</td><td>the job's name, status and latest sample</td></tr>
 *   <tr><td>{@code GET /api/history?after=N}</td><td>the samples after number N (all kept ones without it)</td></tr>
 *   <tr><td>{@code GET /api/explain?key=K&window_start=T}</td><td>why window T of key K has not fired
 *       ({@link WindowExplainer})</td></tr>
 * </table>
 *
 * <p>Threads: one sampler (every {@link MonitorOptions#sampleInterval}), {@link #HTTP_THREADS} HTTP
 * threads and a timer, all daemons; a slow or silent client holds no thread ({@link MonitorServer}).
 * Everything they read of the job is published for other threads by the engine (metrics, inputs) or
 * answered on the subtask's own thread (window questions). Memory: the history ring, at most
 * {@link MonitorOptions#historySamples} samples.
 */
public final class JobMonitor implements AutoCloseable {

    /** The HTTP server's threads: one accepts connections, one selects, the rest answer requests. */
    static final int HTTP_THREADS = 6;

    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private final JobClient job;
    private final MonitorOptions options;
    private final Clock clock;
    private final MonitorServer server;
    private final ScheduledExecutorService sampler;
    private final History history;
    private final WindowExplainer explainer;
    private long seq;
    /** Each input's disorder at the previous sample, for the disorder since (under the monitor's lock). */
    private final Map<String, io.tidemark.api.common.eventtime.DisorderSketch> disorder = new HashMap<>();

    private JobMonitor(JobClient job, MonitorOptions options, Clock clock) throws IOException {
        this.job = job;
        this.options = options;
        this.clock = clock;
        this.history = new History(options.historySamples());
        this.explainer = new WindowExplainer(job, clock);
        PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(new PrometheusMetrics(job, clock, options.deadLetters()));
        Map<String, MonitorServer.Route> routes = new LinkedHashMap<>();
        routes.put("/metrics", new ScrapeRoute(registry));
        routes.put("/api/job", request -> json(request, this::jobJson));
        routes.put("/api/history", request -> json(request, () -> history(request)));
        routes.put("/api/explain", request -> json(request, () -> explain(request)));
        routes.put("/", JobMonitor::page);
        routes.put("/index.html", JobMonitor::page);
        this.server = new MonitorServer(options.bindAddress(), options.port(), options.requestTimeout(), routes);
        this.sampler = Executors.newSingleThreadScheduledExecutor(daemons("tidemark-monitor-sampler"));
    }

    /** Starts serving {@code job} as {@code options} say; the first sample is taken at once. */
    public static JobMonitor start(JobClient job, MonitorOptions options) throws IOException {
        return start(job, options, SystemClock.getInstance());
    }

    /** With {@code clock} as the processing-time clock of lags and idle times (the job's clock). */
    public static JobMonitor start(JobClient job, MonitorOptions options, Clock clock) throws IOException {
        JobMonitor m = new JobMonitor(job, options, clock);
        m.server.start();
        long every = options.sampleInterval().toMillis();
        m.sampler.scheduleWithFixedDelay(m::sampleQuietly, 0, every, TimeUnit.MILLISECONDS);
        return m;
    }

    /** The port it serves on (the one chosen when asked for port 0). */
    public int port() {
        return server.port();
    }

    /** The address and port it serves on. */
    public InetSocketAddress address() {
        return server.address();
    }

    /** Takes a sample now and adds it to the history. */
    public synchronized Sample sample() {
        Sample s = Sample.of(++seq, System.currentTimeMillis(), clock.currentTimeMillis(), job, options.deadLetters().get(), disorder);
        history.add(s);
        return s;
    }

    private void sampleQuietly() {
        try {
            sample();
        } catch (RuntimeException e) {
            // a sample that fails (the job ending under it) is skipped; the next one is taken as usual
        }
    }

    /** Why window {@code windowStart} of {@code key} has not fired (see {@link WindowExplainer}). */
    public Explanation explain(String key, long windowStart) throws InterruptedException {
        String engineKey = options.keyText().apply(key);
        Explanation e = explainer.explain(engineKey, windowStart);
        // the key as asked, in the sentences too (not the engine's text of it, such as ["s07"])
        java.util.function.UnaryOperator<String> asAsked = s -> s == null ? null : s.replace("'" + engineKey + "'", "'" + key + "'");
        List<Explanation.Check> checklist = e.checklist().stream()
                .map(c -> new Explanation.Check(c.check(), c.finding(), asAsked.apply(c.detail()))).toList();
        return new Explanation(key, e.windowStart(), e.windowEnd(), e.reason(), asAsked.apply(e.message()), e.watermark(),
                e.holdingBack(), checklist, e.details());
    }

    /** Stops serving; takes a last sample first, so the history ends with the job's final state. */
    @Override
    public void close() {
        sampler.shutdownNow();
        sampleQuietly();
        server.close();
    }

    // ------------------------------------------------------------------ HTTP

    private interface Body {
        Object get() throws Exception;
    }

    private Map<String, Object> jobJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("job", job.getJobName());
        m.put("status", job.getJobStatus().name());
        m.put("sample_interval_ms", options.sampleInterval().toMillis());
        m.put("latest", history.latest());
        return m;
    }

    private Map<String, Object> history(Request request) throws BadRequest {
        Map<String, String> q = query(request);
        long after = 0;
        if (q.containsKey("after")) {
            try {
                after = Long.parseLong(q.get("after"));
            } catch (NumberFormatException e) {
                throw new BadRequest("after must be a sample number (a whole number), not '" + q.get("after") + "'");
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("job", job.getJobName());
        m.put("status", job.getJobStatus().name());
        m.put("sample_interval_ms", options.sampleInterval().toMillis());
        m.put("samples", history.after(after));
        return m;
    }

    private Object explain(Request request) throws Exception {
        Map<String, String> q = query(request);
        String key = q.get("key");
        String start = q.get("window_start");
        if (key == null || start == null) {
            throw new BadRequest("give key and window_start: /api/explain?key=K&window_start=T (T in epoch ms)");
        }
        long t;
        try {
            t = Long.parseLong(start);
        } catch (NumberFormatException e) {
            throw new BadRequest("window_start must be epoch milliseconds, not '" + start + "'");
        }
        return explain(key, t);
    }

    /** A request the API cannot answer as asked: 400 with the message. */
    static final class BadRequest extends Exception {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message);
        }
    }

    private static MonitorServer.Reply json(Request request, Body body) throws IOException {
        if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
            return new MonitorServer.Reply(405, "application/json", JSON.writeValueAsBytes(Map.of("error", "only GET")));
        }
        byte[] bytes;
        int status = 200;
        try {
            bytes = JSON.writeValueAsBytes(body.get());
        } catch (BadRequest e) {
            status = 400;
            bytes = JSON.writeValueAsBytes(Map.of("error", e.getMessage()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = 503;
            bytes = JSON.writeValueAsBytes(Map.of("error", "stopping"));
        } catch (Exception e) {
            status = 500;
            bytes = JSON.writeValueAsBytes(Map.of("error", String.valueOf(e)));
        }
        return new MonitorServer.Reply(status, "application/json; charset=utf-8", bytes);
    }

    private static MonitorServer.Reply page(Request request) throws IOException {
        try (InputStream in = JobMonitor.class.getResourceAsStream("web/index.html")) {
            String page = Charts.inline(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            return new MonitorServer.Reply(200, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static Map<String, String> query(Request request) {
        Map<String, String> m = new LinkedHashMap<>();
        String raw = request.getHttpURI().getQuery();
        if (raw == null) {
            return m;
        }
        for (String pair : raw.split("&")) {
            int eq = pair.indexOf('=');
            String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            m.put(k, v);
        }
        return m;
    }

    private static java.util.concurrent.ThreadFactory daemons(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        };
    }

    /** For tests and callers that render an explanation themselves. */
    static ObjectMapper json() {
        return JSON;
    }
}
