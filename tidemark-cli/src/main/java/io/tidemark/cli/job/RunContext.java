package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.spi.Output;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The command's side of one run: its outputs and counters, fed by the job's functions over the run's
 * links ({@link RunServer.Handler}, called from several threads). It owns the outputs' life cycle:
 * opened before the job starts, flushed at least every {@link #FLUSH_MILLIS} ({@link #flushDue}),
 * committed when the run ends well, aborted — the outputs of the run before put back — when it fails.
 */
final class RunContext implements RunServer.Handler {

    /** The longest a written record waits before it reaches its output. */
    static final long FLUSH_MILLIS = 200;

    private final JobConfig job;
    private final PrintStream err;
    final RunStats stats = new RunStats();
    private final Map<OutputContext.Role, Output> outputs = new EnumMap<>(OutputContext.Role.class);
    private final Map<OutputContext.Role, Long> dirtySince = new EnumMap<>(OutputContext.Role.class);
    private int warnedDeadLetters;
    private String inputHeader;
    private boolean sourceEnded;
    private volatile Throwable failure;
    private Runnable onFailure = () -> {};

    private final java.util.function.LongSupplier nanoClock;

    RunContext(JobConfig job, PrintStream err) {
        this(job, err, System::nanoTime);
    }

    /** With {@code nanoClock} as the clock of the flush policy (tests drive it by hand). */
    RunContext(JobConfig job, PrintStream err, java.util.function.LongSupplier nanoClock) {
        this.job = job;
        this.err = err;
        this.nanoClock = nanoClock;
    }

    /** Opens every output, in order; if one cannot be opened, the ones opened are put back as they were. */
    void open(PrintStream stdout) throws IOException {
        for (OutputContext.Role role : OutputContext.Role.values()) {
            OutputSpec spec = job.outputs().get(role);
            if (spec == null) {
                continue;
            }
            OutputContext c = JobRunner.outputContext(job, role, this::awaitInputHeader, stdout);
            try {
                outputs.put(role, spec.open(c));
            } catch (IOException | RuntimeException e) {
                abort();
                throw new IOException(role.key() + " (" + spec.describe() + "): cannot be opened: " + e.getMessage(), e);
            }
        }
    }

    /** Runs {@code r} (once) when receiving or writing fails. */
    void onFailure(Runnable r) {
        this.onFailure = r;
    }

    Throwable failure() {
        return failure;
    }

    @Override
    public void result(WindowResult r) throws IOException {
        stats.result(r);
        write(OutputContext.Role.RESULTS, r);
    }

    @Override
    public void late(LateRecord r) throws IOException {
        stats.late();
        write(OutputContext.Role.LATE, r);
    }

    @Override
    public void dead(DeadLetter d) throws IOException {
        stats.deadLetter(d.reason());
        if (outputs.containsKey(OutputContext.Role.DEAD_LETTER)) {
            write(OutputContext.Role.DEAD_LETTER, d);
            return;
        }
        synchronized (this) {
            if (++warnedDeadLetters <= 10) {
                err.println("dead letter (" + d.reason() + ") " + d.source() + ":" + d.line() + ": " + d.detail());
            }
        }
    }

    private void write(OutputContext.Role role, OutputRecord r) throws IOException {
        Output o = outputs.get(role);
        if (o == null) {
            return;
        }
        synchronized (o) {
            o.write(r);
            synchronized (dirtySince) {
                dirtySince.putIfAbsent(role, nanoClock.getAsLong());
            }
        }
    }

    @Override
    public void counts(SourceCounts c) {
        stats.source(c);
    }

    @Override
    public synchronized void header(String line) {
        inputHeader = line;
        notifyAll();
    }

    @Override
    public synchronized void sourceEnded() {
        sourceEnded = true;
        notifyAll();
    }

    /** The input's CSV header, for a late output of CSV records: from columns, or as the source read it. */
    private synchronized String awaitInputHeader() {
        if (job.source().columns() != null && !job.source().header()) {
            return String.join(",", job.source().columns());
        }
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (inputHeader == null && !sourceEnded && failure == null && System.nanoTime() < deadline) {
            try {
                wait(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return inputHeader;
    }

    @Override
    public void failed(Throwable e) {
        synchronized (this) {
            if (failure != null) {
                return;
            }
            failure = e;
            notifyAll();
        }
        onFailure.run();
    }

    /**
     * Flushes every output with records waiting for {@link #FLUSH_MILLIS} or more (the command calls it
     * several times a second): a record reaches its output at most {@code FLUSH_MILLIS} plus one call's
     * spacing after it was written.
     */
    void flushDue() {
        long nowNanos = nanoClock.getAsLong();
        for (Map.Entry<OutputContext.Role, Output> e : outputs.entrySet()) {
            Long since;
            synchronized (dirtySince) {
                since = dirtySince.get(e.getKey());
            }
            if (since != null && nowNanos - since >= FLUSH_MILLIS * 1_000_000L) {
                flush(e.getKey(), e.getValue());
            }
        }
    }

    private void flush(OutputContext.Role role, Output o) {
        synchronized (o) {
            synchronized (dirtySince) {
                dirtySince.remove(role);
            }
            try {
                o.flush();
            } catch (IOException e) {
                failed(e);
            }
        }
    }

    /**
     * The run ended well: every output is flushed — if one fails, the run fails and every output is
     * put back — then each is closed and drops what it kept aside.
     */
    void commit() throws IOException {
        for (Map.Entry<OutputContext.Role, Output> e : outputs.entrySet()) {
            synchronized (e.getValue()) {
                e.getValue().flush();
            }
        }
        IOException first = null;
        for (Output o : outputs.values()) {
            synchronized (o) {
                try {
                    o.commit();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
        }
        outputs.clear();
        if (first != null) {
            throw first;
        }
    }

    /** The run failed: every output is put back as it was; returns where the failed run's records went. */
    List<String> abort() {
        List<String> kept = new ArrayList<>();
        for (Output o : outputs.values()) {
            synchronized (o) {
                String k = o.abort();
                if (k != null) {
                    kept.add(k);
                }
            }
        }
        outputs.clear();
        return kept;
    }
}
