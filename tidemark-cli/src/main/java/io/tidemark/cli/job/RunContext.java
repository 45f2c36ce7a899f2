package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.DeadLetter;
import io.tidemark.time.ReplayClock;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the functions of one run share: the job, the counters, the output channels and the replay
 * clock. Functions hold only the run's id (a string), so they stay serializable and every parallel
 * copy of a function finds the same shared objects; the run registers itself here while it runs.
 */
public final class RunContext implements AutoCloseable {

    private static final Map<String, RunContext> RUNS = new ConcurrentHashMap<>();
    private static final AtomicLong IDS = new AtomicLong();

    private final String id;
    final JobConfig job;
    final RunStats stats = new RunStats();
    final OutputChannel results;
    final OutputChannel late;
    final OutputChannel deadLetters;
    final ReplayClock clock;
    final PrintStream err;
    private final AtomicLong warnedDeadLetters = new AtomicLong();

    RunContext(JobConfig job, OutputChannel results, OutputChannel late, OutputChannel deadLetters, ReplayClock clock,
            PrintStream err) {
        this.id = "run-" + IDS.incrementAndGet();
        this.job = job;
        this.results = results;
        this.late = late;
        this.deadLetters = deadLetters;
        this.clock = clock;
        this.err = err;
        RUNS.put(id, this);
    }

    public String id() {
        return id;
    }

    static RunContext get(String id) {
        RunContext c = RUNS.get(id);
        if (c == null) {
            throw new IllegalStateException("run " + id + " is not running");
        }
        return c;
    }

    /** Counts a dead letter and writes it (or, without a dead-letter output, warns about the first 10). */
    void deadLetter(DeadLetter d) {
        stats.deadLetter(d.reason());
        if (deadLetters != null) {
            deadLetters.writeLine(Formats.deadLetter(d, job.deadLetter().type()));
        } else if (warnedDeadLetters.incrementAndGet() <= 10) {
            err.println("dead letter (" + d.reason() + ") " + d.source() + ":" + d.line() + ": " + d.detail());
        }
    }

    @Override
    public void close() {
        RUNS.remove(id);
    }
}
