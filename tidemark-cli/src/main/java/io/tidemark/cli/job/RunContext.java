package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.spi.Output;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import io.tidemark.cli.spi.StagedOutput;
import io.tidemark.runtime.checkpoint.CrashPoints;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The command's side of one run: its outputs and counters, fed by the job's functions over the run's
 * links ({@link RunServer.Handler}, called from several threads). It owns the outputs' life cycle:
 * opened before the job starts, flushed at least every {@link #FLUSH_MILLIS} ({@link #flushDue}),
 * committed when the run ends well, aborted — the outputs of the run before put back — when it fails.
 *
 * <p>With checkpoints ({@link #stageIn}), an output that can ({@link OutputSpec#staged}: the files)
 * commits with the checkpoints instead: each link gets its own {@link StagedOutput.Stage}, its barrier
 * frames stage out and answer the committable, its commit frames commit; a failed run leaves what was
 * committed for the next run to resume. Other outputs (standard out, Kafka, JDBC) are written as
 * records come: at least once.
 */
final class RunContext implements RunServer.Handler {

    /** The longest a written record waits before it reaches its output. */
    static final long FLUSH_MILLIS = 200;

    private final JobConfig job;
    private final PrintStream err;
    final RunStats stats;
    private final Map<OutputContext.Role, Output> outputs = new EnumMap<>(OutputContext.Role.class);
    private final Map<OutputContext.Role, Long> dirtySince = new EnumMap<>(OutputContext.Role.class);
    private int warnedDeadLetters;
    private String inputHeader;
    private boolean sourceEnded;
    private volatile Throwable failure;
    private Runnable onFailure = () -> {};

    private final java.util.function.LongSupplier nanoClock;
    private final Map<OutputContext.Role, StagedOutput> staged = new EnumMap<>(OutputContext.Role.class);
    /** Per link, the latest checkpoint it committed (with checkpoints). */
    private final Map<String, Long> committedIds = new java.util.HashMap<>();
    /** The links of this run (with checkpoints), in the order they linked. */
    private final List<StagedLink> stagedLinks = new ArrayList<>();
    /** The outputs this run delivered staged records to. */
    private final java.util.Set<OutputContext.Role> delivered = java.util.EnumSet.noneOf(OutputContext.Role.class);
    private Path stagedDir;
    private boolean fresh;
    private java.util.function.Consumer<String> notices = m -> {};
    private java.util.function.BooleanSupplier stopped = () -> false;
    private boolean drain;

    RunContext(JobConfig job, PrintStream err) {
        this(job, err, System::nanoTime);
    }

    /** With {@code nanoClock} as the clock of the flush policy (tests drive it by hand). */
    RunContext(JobConfig job, PrintStream err, java.util.function.LongSupplier nanoClock) {
        this.job = job;
        this.err = err;
        this.nanoClock = nanoClock;
        this.stats = new RunStats(job.allowedLateness().toMillis());
    }

    /**
     * With checkpoints: the outputs that can commit with them keep their staged lines under {@code dir}
     * (one folder per output); {@code fresh} when the job starts over. {@code notices} prints what the
     * run says about its checkpoints. Before {@link #open}.
     */
    void stageIn(Path dir, boolean fresh, java.util.function.Consumer<String> notices) {
        this.stagedDir = dir;
        this.fresh = fresh;
        this.notices = notices;
    }

    /**
     * What a stop does to the windows still open when it came ({@code stopped}: whether a stop was asked).
     * The stop ends the source's input, and on either engine the end of input fires every open window
     * with the final watermark ({@code Long.MAX_VALUE}): those firings are not results — their windows were
     * still collecting. By default they are not written, as Flink's stop without {@code --drain} does not
     * fire them, and the summary counts their windows and records; with {@code drain} they are written with
     * timing {@link WindowResult#DRAINED}. A firing is such a one when a stop was asked before it arrived
     * and its watermark is the final one: before a stop, only an input that really ended sends the final
     * watermark, so a window that closed by itself is never taken for open; one whose input ended just
     * before the stop is, and is then marked as incomplete although it was not (the safe side).
     */
    void stops(java.util.function.BooleanSupplier stopped, boolean drain) {
        this.stopped = stopped;
        this.drain = drain;
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
                StagedOutput st = stagedDir == null ? null
                        : spec.staged(c, stagedDir.resolve(role.key().substring("output.".length())), fresh);
                if (st != null) {
                    staged.put(role, st);
                    continue;
                }
                outputs.put(role, spec.open(c));
            } catch (IOException | RuntimeException e) {
                abort();
                throw new IOException(role.key() + " (" + spec.describe() + "): cannot be opened: " + e.getMessage(), e);
            }
        }
    }

    @Override
    public RunServer.Handler linked(Frames.Role role, int subtask, long restored, byte[] counts) throws IOException {
        String link = role.link(subtask);
        if (stagedDir == null) {
            return role == Frames.Role.RESULTS ? new PlainLink(this, link) : this;
        }
        if (counts != null) {
            stats.restore(link, counts);
        }
        OutputContext.Role to = switch (role) {
            case RESULTS -> OutputContext.Role.RESULTS;
            case LATE -> OutputContext.Role.LATE;
            case SOURCE, NO_WINDOW -> OutputContext.Role.DEAD_LETTER;
        };
        StagedOutput st = staged.get(to);
        StagedLink l = new StagedLink(link, to, st, st == null ? null : st.stage(link, restored));
        synchronized (this) {
            stagedLinks.add(l);
        }
        return l;
    }

    /**
     * One link's records with checkpoints: into its stage when its output commits with checkpoints
     * (else as without), counted as the link's ({@link RunStats}: its counts at each barrier go into the
     * function's checkpoint).
     */
    private final class StagedLink implements RunServer.Handler {
        private final String link;
        private final OutputContext.Role role;
        private final StagedOutput output;
        private final StagedOutput.Stage stage;
        /** The latest barrier's committable (-1: none yet); guarded by the run context. */
        private long lastCommittable = -1;

        StagedLink(String link, OutputContext.Role role, StagedOutput output, StagedOutput.Stage stage) {
            this.link = link;
            this.role = role;
            this.output = output;
            this.stage = stage;
        }

        @Override
        public void result(WindowResult r) throws IOException {
            stats.result(link, r);
            if (stage == null) {
                write(OutputContext.Role.RESULTS, r);
            } else {
                stage.write(r);
            }
        }

        @Override
        public void late(LateRecord r) throws IOException {
            stats.late(link);
            if (stage == null) {
                write(OutputContext.Role.LATE, r);
            } else {
                stage.write(r);
            }
        }

        @Override
        public void dead(DeadLetter d) throws IOException {
            stats.deadLetter(link, d.reason());
            if (stage == null) {
                writeDead(d);
            } else {
                stage.write(d);
            }
        }

        @Override
        public void counts(SourceCounts c) {
            stats.source(link, c);
        }

        @Override
        public void header(String line) {
            RunContext.this.header(line);
        }

        @Override
        public void sourceEnded() {
            RunContext.this.sourceEnded();
        }

        @Override
        public void failed(Throwable e) {
            RunContext.this.failed(e);
        }

        @Override
        public Frames.Ack barrier(long id) throws IOException {
            long committable = stage == null ? 0 : stage.barrier();
            CrashPoints.reach("barrier.staged"); // the link's records up to the barrier on disk, not yet acknowledged
            synchronized (RunContext.this) {
                lastCommittable = committable;
            }
            return new Frames.Ack(committable, stats.barrier(link, id));
        }

        @Override
        public void commit(long id, long offset) throws IOException {
            CrashPoints.reach("commit.begin");
            if (output != null && output.commit(link, offset)) {
                synchronized (RunContext.this) {
                    delivered.add(role);
                }
            }
            CrashPoints.reach("commit.end");
            stats.committed(link, id);
            synchronized (RunContext.this) {
                committedIds.merge(link, id, Math::max);
                RunContext.this.notifyAll();
            }
        }

        @Override
        public void resumed(long lines, long bytes, int held) {
            notices.accept("the source resumes after line " + String.format(java.util.Locale.ROOT, "%,d", lines)
                    + (job.source().spec().file() != null ? " (byte " + String.format(java.util.Locale.ROOT, "%,d", bytes) + ")" : "")
                    + " of " + job.source().spec().describe()
                    + (held > 0 ? ", " + held + " record" + (held == 1 ? "" : "s") + " held by the event-time guard" : ""));
        }

        @Override
        public void unlinked() {
            if (stage != null) {
                stage.close();
            }
        }
    }

    /**
     * Waits until {@code links} links have committed checkpoint {@code id} (or a later one); false after
     * {@code timeoutMillis} or on a failure.
     */
    synchronized boolean awaitCommitted(long id, int links, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (committedIds.values().stream().filter(c -> c >= id).count() < links) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (failure != null || left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
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
        result(RunStats.ALL, r);
    }

    /** A result of the link {@code link} without checkpoints ({@link PlainLink}). */
    void result(String link, WindowResult r) throws IOException {
        if (r.watermark() == Long.MAX_VALUE && stopped.getAsBoolean()) {
            if (!drain) {
                stats.openAtStop(r);
                return;
            }
            r = r.drained();
        }
        stats.result(link, r);
        write(OutputContext.Role.RESULTS, r);
    }

    @Override
    public void late(LateRecord r) throws IOException {
        stats.late(RunStats.ALL);
        write(OutputContext.Role.LATE, r);
    }

    @Override
    public void dead(DeadLetter d) throws IOException {
        stats.deadLetter(RunStats.ALL, d.reason());
        writeDead(d);
    }

    /** A dead letter to its output, or — without one — to standard error (the first ten). */
    private void writeDead(DeadLetter d) throws IOException {
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
        stats.source(RunStats.ALL, c);
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
     * The run ended well: the outputs that commit with the checkpoints are proven complete
     * ({@link #finishStaged}) and closed; every other output is flushed — if one fails, the run fails and
     * every output is put back — then each is closed and drops what it kept aside.
     */
    void commit() throws IOException {
        CrashPoints.reach("finish.begin");
        keepNotes();
        finishStaged();
        for (StagedOutput st : staged.values()) {
            st.close(true);
        }
        if (!staged.isEmpty()) {
            CrashPoints.reach("finish.end"); // the outputs proven complete and closed, the summary not yet printed
        }
        staged.clear();
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

    /**
     * With checkpoints, the job ended well: every output that commits with the checkpoints must hold, by
     * its durable commit record, each of its links' records up to the committable of the link's last
     * barrier (the job's final checkpoint), and nothing staged after it ({@link StagedOutput#finish});
     * else the run fails — the outputs are not proven complete — and the next run resumes from the
     * final checkpoint. (On Flink a checkpoint may be taken after the final one and never complete: its
     * committables are then those committed already.)
     */
    private void finishStaged() throws IOException {
        Map<OutputContext.Role, Map<String, Long>> finals = new EnumMap<>(OutputContext.Role.class);
        synchronized (this) {
            for (StagedLink l : stagedLinks) {
                if (l.output != null && staged.get(l.role) == l.output) { // else closed already (a stop)
                    finals.computeIfAbsent(l.role, r -> new java.util.TreeMap<>()).put(l.link, l.lastCommittable);
                }
            }
        }
        for (Map.Entry<OutputContext.Role, StagedOutput> e : staged.entrySet()) {
            e.getValue().finish(finals.getOrDefault(e.getKey(), Map.of()));
        }
    }

    /** The outputs this run delivered staged records to (with checkpoints), by key: {@code output.results}. */
    synchronized List<String> delivered() {
        return delivered.stream().map(OutputContext.Role::key).toList();
    }

    /**
     * The run stopped at a checkpoint (with checkpoints): what was committed stays for the next run to
     * resume, what was staged after it is left to be discarded then; the outputs written as records come
     * (standard out, …) are flushed and closed.
     */
    void suspend() throws IOException {
        keepNotes();
        for (StagedOutput st : staged.values()) {
            st.close(false);
        }
        staged.clear();
        commit();
    }

    /** What the outputs have to say for the summary ({@link Output#note}), by output key, kept at the run's end. */
    private final Map<String, String> notes = new java.util.LinkedHashMap<>();

    private void keepNotes() {
        for (Map.Entry<OutputContext.Role, StagedOutput> e : staged.entrySet()) {
            String n = e.getValue().note();
            if (n != null) {
                notes.put(e.getKey().key(), n);
            }
        }
        for (Map.Entry<OutputContext.Role, Output> e : outputs.entrySet()) {
            String n = e.getValue().note();
            if (n != null) {
                notes.put(e.getKey().key(), n);
            }
        }
    }

    /** The outputs' notes for the summary, by output key ({@code output.results}); empty until the run ended or stopped. */
    Map<String, String> notes() {
        return Map.copyOf(notes);
    }

    /** The run failed: every output is put back as it was; returns where the failed run's records went. */
    List<String> abort() {
        for (StagedOutput st : staged.values()) {
            st.close(false); // what was committed stays, for the next run to resume
        }
        staged.clear();
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
