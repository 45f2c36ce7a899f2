package io.tidemark.cli.job;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A Flink cluster's REST API, as far as {@code tidemark jobs} and {@code tidemark stop} need it (JDK HTTP
 * client; no Flink classes): the jobs, cancel, and stop with a savepoint. Every request waits at most
 * {@link #REQUEST}; {@link #stop} and {@link #cancel} wait at most their {@code timeout} for the job to end.
 */
public final class FlinkRest {

    /** How long one request may take. */
    static final Duration REQUEST = Duration.ofSeconds(30);
    private static final long POLL_MILLIS = 250;
    private static final Set<String> ENDED = Set.of("FINISHED", "CANCELED", "FAILED");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A job on the cluster: its id, name, state (Flink's: RUNNING, RESTARTING, FINISHED, …) and start time (ms). */
    public record Job(String id, String name, String state, long startTime) {}

    private final String master;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** The cluster whose REST endpoint is {@code master} ({@code host:port}). */
    public FlinkRest(String master) {
        this.master = master;
    }

    /** Every job the cluster knows (running ones and those it keeps the history of), newest first. */
    public List<Job> jobs() throws IOException, InterruptedException {
        List<Job> jobs = new ArrayList<>();
        for (JsonNode j : send("GET", "/jobs/overview", null).path("jobs")) {
            jobs.add(new Job(j.path("jid").asText(), j.path("name").asText(), j.path("state").asText(), j.path("start-time").asLong()));
        }
        jobs.sort((a, b) -> Long.compare(b.startTime(), a.startTime()));
        return jobs;
    }

    /** The job's state now. */
    public String state(String jobId) throws IOException, InterruptedException {
        return send("GET", "/jobs/" + jobId, null).path("state").asText();
    }

    /**
     * Stops the job with a savepoint into {@code dir}, a URI of the cluster's file systems (null: the cluster's
     * {@code execution.checkpointing.savepoint-dir});
     * {@code drain}: the sources first send the watermark that ends event time, so that every window fires
     * (Flink's {@code stop --drain}: for a job not meant to resume). Returns the savepoint's path once the job
     * has ended, within {@code timeout}.
     */
    public String stop(String jobId, String dir, boolean drain, Duration timeout) throws IOException, InterruptedException {
        ObjectNode body = JSON.createObjectNode();
        body.put("drain", drain);
        if (dir != null) {
            body.put("targetDirectory", dir);
        }
        String trigger = send("POST", "/jobs/" + jobId + "/stop", body).path("request-id").asText();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode s = send("GET", "/jobs/" + jobId + "/savepoints/" + trigger, null);
            if (s.path("status").path("id").asText().equals("COMPLETED")) {
                JsonNode op = s.path("operation");
                if (op.has("failure-cause")) {
                    throw new IOException("the stop with a savepoint of job " + jobId + " failed: " + cause(op.path("failure-cause")));
                }
                String location = op.path("location").asText();
                awaitEnd(jobId, Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
                return location;
            }
            Thread.sleep(POLL_MILLIS); // a bounded poll on the cluster's own answer
        }
        throw new IOException("job " + jobId + ": the savepoint was not done within " + timeout.toSeconds() + " s");
    }

    /** Cancels the job (its retained checkpoints stay) and waits at most {@code timeout} for it to end; returns its state. */
    public String cancel(String jobId, Duration timeout) throws IOException, InterruptedException {
        send("PATCH", "/jobs/" + jobId + "?mode=cancel", null);
        return awaitEnd(jobId, timeout);
    }

    private String awaitEnd(String jobId, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String state = state(jobId);
        while (!ENDED.contains(state)) {
            if (System.nanoTime() >= deadline) {
                throw new IOException("job " + jobId + " did not end within " + timeout.toSeconds() + " s (it is " + state + ")");
            }
            Thread.sleep(POLL_MILLIS); // a bounded poll on the cluster's own answer
            state = state(jobId);
        }
        return state;
    }

    private static String cause(JsonNode failure) {
        String trace = failure.path("stack-trace").asText(failure.toString());
        // the last "Caused by" names what went wrong; the first line of the trace what Flink made of it
        int at = trace.lastIndexOf("Caused by: ");
        String line = (at >= 0 ? trace.substring(at + "Caused by: ".length()) : trace).lines().findFirst().orElse(trace);
        return line.strip();
    }

    private JsonNode send(String method, String path, JsonNode body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://" + master + path)).timeout(REQUEST);
        b = body == null ? b.method(method, method.equals("PATCH") ? HttpRequest.BodyPublishers.ofString("{}")
                : HttpRequest.BodyPublishers.noBody()) : b.method(method, HttpRequest.BodyPublishers.ofString(body.toString()));
        b.header("Content-Type", "application/json");
        HttpResponse<String> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("the Flink cluster at " + master + " cannot be reached: " + e.getMessage(), e);
        }
        if (r.statusCode() == 404) {
            throw new IOException("the Flink cluster at " + master + " knows no " + path + " (HTTP 404): "
                    + (path.startsWith("/jobs/") ? "no such job; tidemark jobs --flink-master " + master + " lists them" : r.body()));
        }
        if (r.statusCode() / 100 != 2) {
            JsonNode errors = r.body().isBlank() ? null : JSON.readTree(r.body()).path("errors");
            String why = errors == null || errors.isEmpty() ? r.body() : errors.get(0).asText().lines().findFirst().orElse("");
            throw new IOException(method + " " + path + " on the Flink cluster at " + master + ": HTTP " + r.statusCode() + " " + why);
        }
        return r.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.body());
    }
}
