package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.config.OutputSpec;
import io.tidemark.cli.io.DeadLetter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the functions of one run share: the job, the counters and the output channels. Functions hold
 * only a {@link RunHandle} (the run's id), so they stay serializable and every parallel copy of a
 * function finds the same shared objects; the run registers itself here while it runs. This works
 * within one JVM: the embedded engine, and Flink's local MiniCluster, whose task threads run the
 * (deserialized) functions in the command's JVM.
 *
 * <p>On a remote Flink cluster the run is not registered in the TaskManager's JVM: the first function
 * there rebuilds it from the handle's job text ({@link #detached}), writing the job's output files on
 * that machine (flushed line by line, as nobody closes them) with counters nobody reads.
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
    final PrintStream err;
    private final AtomicLong warnedDeadLetters = new AtomicLong();

    private RunContext(String id, JobConfig job, OutputChannel results, OutputChannel late, OutputChannel deadLetters,
            PrintStream err) {
        this.id = id;
        this.job = job;
        this.results = results;
        this.late = late;
        this.deadLetters = deadLetters;
        this.err = err;
    }

    /**
     * A new run of {@code job}, registered; with {@code openNow} its output files are created (or
     * truncated) at once, else on first use.
     */
    static RunContext start(JobConfig job, PrintStream out, PrintStream err, boolean openNow) throws IOException {
        String id = "run-" + IDS.incrementAndGet();
        RunContext c = create(id, job, out, err, false);
        RUNS.put(id, c);
        if (openNow) {
            try {
                c.openAll();
            } catch (IOException | RuntimeException e) {
                c.closeQuietly();
                throw e;
            }
        }
        return c;
    }

    private static RunContext create(String id, JobConfig job, PrintStream out, PrintStream err, boolean flushEachLine) {
        OutputChannel results = channel(job.results(), job.results().type() == OutputSpec.Type.CSV
                ? Formats.resultHeader(job.keyBy(), job.aggregates()) : null, out, flushEachLine);
        OutputChannel late = job.late() == null ? null : channel(job.late(), null, out, flushEachLine);
        OutputChannel dead = job.deadLetter() == null ? null : channel(job.deadLetter(),
                job.deadLetter().type() == OutputSpec.Type.CSV ? Formats.deadLetterHeader() : null, out, flushEachLine);
        return new RunContext(id, job, results, late, dead, err);
    }

    private static OutputChannel channel(OutputSpec spec, String header, PrintStream out, boolean flushEachLine) {
        if (spec.type() == OutputSpec.Type.STDOUT) {
            return OutputChannel.stdout(out, header);
        }
        return OutputChannel.file(spec.path(), header, flushEachLine);
    }

    private void openAll() throws IOException {
        for (OutputChannel c : new OutputChannel[] {results, late, deadLetters}) {
            if (c != null) {
                c.open();
            }
        }
    }

    public String id() {
        return id;
    }

    /** The handle the run's functions carry; {@code jobText} only for runs on a remote cluster. */
    RunHandle handle(String jobText) {
        return new RunHandle(id, jobText, jobText == null ? null : job.jobFile().toAbsolutePath().toString());
    }

    static RunContext get(String id) {
        RunContext c = RUNS.get(id);
        if (c == null) {
            throw new IllegalStateException("run " + id + " is not running");
        }
        return c;
    }

    /** The run of {@code handle}: the registered one, or (on a remote TaskManager) one rebuilt from the job text. */
    static RunContext get(RunHandle handle) {
        RunContext c = RUNS.get(handle.runId());
        if (c != null) {
            return c;
        }
        if (handle.jobText() == null) {
            throw new IllegalStateException("run " + handle.runId() + " is not running");
        }
        return RUNS.computeIfAbsent(handle.runId(), k -> detached(handle));
    }

    private static RunContext detached(RunHandle handle) {
        JobConfig job = JobConfigLoader.load(handle.jobText(), Path.of(handle.jobFile()));
        // standard out / err of the TaskManager; files on its machine, each line flushed
        return create(handle.runId(), job, System.out, System.err, true);
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

    private void closeQuietly() {
        try {
            close();
        } catch (IOException ignored) {
            // failing already
        }
    }

    /** Unregisters the run and closes its outputs (the first failure is thrown after all are closed). */
    @Override
    public void close() throws IOException {
        RUNS.remove(id);
        IOException first = null;
        for (OutputChannel c : new OutputChannel[] {results, late, deadLetters}) {
            if (c != null) {
                try {
                    c.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
