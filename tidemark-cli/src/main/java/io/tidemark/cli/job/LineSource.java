package io.tidemark.cli.job;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.io.LineDecisions;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.cli.io.TimeGuard;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.ReplayClock;
import io.tidemark.api.common.state.CheckpointListener;
import io.tidemark.runtime.state.FunctionInitializationContext;
import io.tidemark.runtime.state.FunctionSnapshotContext;
import io.tidemark.streaming.api.checkpoint.CheckpointedFunction;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * The job's source: reads lines from the source type's {@link LineInput}, turns each into a candidate
 * event, a skip or a dead letter ({@link LineInterpreter}), lets the {@link TimeGuard} decide on
 * candidates, and emits accepted events to their split (the partition-field value, or one split
 * {@code all}). Runs as one subtask, so its decisions follow the input alone.
 *
 * <p>Bad lines never enter the engine: they go to the command over the run's {@link Link}, with the
 * source's counters. In replay mode the source advances the replay clock to each line's arrival time
 * before emitting it; it holds that clock itself (the one the run sets on the environment), so that an
 * engine that serializes the source with the clock, as the Flink runner does, keeps the two one object.
 *
 * <p>Checkpoints: each line is read, decided and emitted under the checkpoint lock, so a checkpoint
 * falls between two lines; the source's split state is its {@link Position} (lines and bytes decided,
 * counters, the CSV header, the time guard's held records and reference), and a restored source opens
 * its input there ({@link io.tidemark.cli.spi.SourceSpec#open(int, long, long)}: a file seeks to the
 * byte) and decides the rest as an uninterrupted run would, line numbers included. Its dead letters
 * commit with the checkpoints over the link ({@link LinkCommits}).
 *
 * <p>Stopping: the command's stop (a signal) ends the input at the next line — what was read is
 * decided and emitted, and the job ends as at the end of the input (the command leaves out the firings
 * of the windows still open then, or marks them DRAINED: {@link RunContext#stops}); the engine's cancel
 * and the command going away end it with an error.
 */
final class LineSource implements SplitSourceFunction<Event>, CheckpointedFunction, CheckpointListener {

    private static final long serialVersionUID = 1L;
    static final String SINGLE_SPLIT = "all";
    /** The source's split state: one entry, its {@link Position}. */
    private static final String POSITION = "position";
    private static final long COUNTS_EVERY_NANOS = 200_000_000L;

    private final JobConfig.Source source;
    private final JobConfig.EventTime eventTime;
    private final List<String> keyBy;
    private final List<AggregateSpec> aggregates;
    /** What the outputs cannot store of a line (such a line is a dead letter). */
    private final io.tidemark.cli.io.TextLimits limits;
    private final LinkAddress address;
    /** The run's replay clock (also the environment's), or null without replay. */
    private final ReplayClock clock;
    private final boolean checkpointed;
    private volatile boolean running = true;
    private volatile String stoppedBecause;
    private transient volatile LineInput input;
    /** The position the job restored (null: from the start), until the run reads on from it. */
    private transient volatile Position restored;
    /** The run's reading, once the input is open (under the checkpoint lock). */
    private transient Reading reading;
    /** The link, while the source runs (under the checkpoint lock). */
    private transient Link link;
    private transient LinkCommits commits;

    LineSource(JobConfig job, LinkAddress link, ReplayClock clock) {
        this(job, link, clock, false);
    }

    /** With {@code checkpointed}, the job takes checkpoints: the link stays open after the input for the final one. */
    LineSource(JobConfig job, LinkAddress link, ReplayClock clock, boolean checkpointed) {
        this.checkpointed = checkpointed;
        this.source = job.source();
        this.eventTime = job.eventTime();
        this.keyBy = job.keyBy();
        this.aggregates = job.aggregates();
        this.limits = io.tidemark.cli.io.TextLimits.of(job);
        this.address = link;
        this.clock = clock;
    }

    /**
     * Where the source is in its input, for a checkpoint: lines and bytes read and decided, its counters,
     * the CSV header it read, and the time guard's state. With the link's committable (dead letters).
     */
    record Position(long lines, long bytes, long empty, long headers, long accepted, String header, TimeGuard.State guard)
            implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    @Override
    public Map<String, ? extends Serializable> snapshotSplitState() {
        Position p = reading != null ? reading.position() : restored;
        return p == null ? Map.of() : Map.of(POSITION, p);
    }

    @Override
    public void restoreSplitState(Map<String, ? extends Serializable> state) {
        restored = (Position) state.get(POSITION);
    }

    @Override
    public void initializeState(FunctionInitializationContext context) throws Exception {
        commits = new LinkCommits();
        commits.initialize(context);
        endBarrier = -1;
    }

    /** The input was read to its end (with checkpoints: the link is kept open for a checkpoint after it). */
    private transient volatile boolean inputEnded;
    /** Whether {@link #run} was called (not when the job restored a checkpoint in which the input had ended). */
    private transient volatile boolean ran;
    /** The first checkpoint taken after the input ended, or -1: its barrier follows every line. */
    private transient volatile long endBarrier;

    /**
     * Sends the counters as of the checkpoint before its barrier (until the input ended: the last
     * counters then were sent), so that the command's counts at the barrier are the checkpoint's.
     */
    @Override
    public void snapshotState(FunctionSnapshotContext context) throws Exception {
        if (link == null && !ran && checkpointed && context.getCheckpointId() == Long.MAX_VALUE && commits.restored() != null) {
            // restored from the job's final checkpoint: the input had ended and the source does not run; it
            // links for the final checkpoint alone, so that what that checkpoint holds of its link is
            // committed (the link closes when the checkpoint completes). The source is one subtask: 0.
            link = Link.open(address, Frames.Role.SOURCE, 0, commits.restored(), null, null);
            Position p = restored;
            if (p != null && p.header() != null) {
                link.header(p.header()); // a late output of CSV records starts with it
            }
        }
        Reading r = reading;
        if (link != null && r != null && !r.ended) {
            link.counts(new SourceCounts(r.lines, r.empty, r.headers, r.accepted, r.bytes, r.guard.held(), null));
        }
        commits.snapshot(link, context.getCheckpointId());
        if (inputEnded && endBarrier < 0) {
            endBarrier = context.getCheckpointId();
        }
    }

    /**
     * Commits; a checkpoint whose barrier followed the end of the input — the embedded engine's final
     * checkpoint (its id {@code Long.MAX_VALUE}), Flink's final checkpoint or one before it — also ends
     * the link, kept open for it.
     */
    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        commits.complete(link, checkpointId);
        if ((checkpointId == Long.MAX_VALUE || endBarrier >= 0 && checkpointId >= endBarrier) && link != null) {
            Link l = link;
            link = null;
            l.close();
        }
    }

    @Override
    public void run(SplitSourceContext<Event> ctx) throws Exception {
        ran = true;
        Link out = Link.open(address, Frames.Role.SOURCE, ctx.getIndexOfThisSubtask(), commits == null ? null : commits.restored(),
                () -> stop("stopped on the command's request"), () -> stop(null));
        boolean ok = false;
        try {
            synchronized (ctx.getCheckpointLock()) {
                link = out;
            }
            read(ctx, out);
            ok = true;
            inputEnded = true;
        } finally {
            if (!ok || !checkpointed) {
                synchronized (ctx.getCheckpointLock()) {
                    link = null;
                }
                if (ok) {
                    out.close();
                } else {
                    out.abandon();
                }
            } // else the link stays open for the job's final checkpoint: its barrier and commit (notifyCheckpointComplete)
        }
    }

    /** One run's reading: the input, the interpreter, the guard and the counters, changed under the checkpoint lock. */
    private final class Reading {
        final LineDecisions decisions = new LineDecisions(source, eventTime, keyBy, aggregates, SINGLE_SPLIT, clock, limits);
        final LineInterpreter interpreter = decisions.interpreter();
        final TimeGuard guard = decisions.guard();
        long lines;
        long bytes;
        long empty;
        long headers;
        long accepted;
        /** Stops the run when its first records are all dead letters for one reason (not for a resumed input). */
        final AllDeadAtStart allDead = new AllDeadAtStart();
        /** The last counters were sent: the input ended. */
        boolean ended;

        Position position() {
            return new Position(lines, bytes, empty, headers, accepted, interpreter.headerLine(), guard.state());
        }
    }

    private void read(SplitSourceContext<Event> ctx, Link out) throws Exception {
        Object lock = ctx.getCheckpointLock();
        Reading r = new Reading();
        Position from = restored;
        if (from != null) {
            r.lines = from.lines();
            r.bytes = from.bytes();
            r.empty = from.empty();
            r.headers = from.headers();
            r.accepted = from.accepted();
            r.interpreter.resumeAfterHeader(from.header());
            r.guard.restore(from.guard());
            if (from.header() != null) {
                out.header(from.header());
            }
            out.resumed(from.lines(), from.bytes(), from.guard().held().size());
            r.allDead.passed();
        }
        IOException[] failure = {null};
        LineDecisions.Outcomes outcomes = new LineDecisions.Outcomes() {
            @Override
            public void header(String text) {
                r.headers++;
                send(() -> out.header(text));
            }

            @Override
            public void empty() {
                r.empty++;
            }

            @Override
            public void dead(DeadLetter letter, LineInterpreter.Candidate guarded) {
                send(() -> out.dead(letter));
                if (guarded == null) { // the time guard's letters are of lines that passed the checks
                    send(() -> r.allDead.dead(letter));
                }
            }

            @Override
            public void passed(LineInterpreter.Candidate c) {
                r.allDead.passed();
            }

            @Override
            public void accept(LineInterpreter.Candidate c) {
                r.accepted++;
                ctx.collect(c.split(), c.event());
            }

            private void send(IoAction a) {
                if (failure[0] != null) {
                    return; // the first failure ends the reading: nothing more goes out
                }
                try {
                    a.run();
                } catch (IOException x) {
                    failure[0] = x;
                }
            }
        };
        Line line = new Line();
        long nextCounts = System.nanoTime() + COUNTS_EVERY_NANOS;
        try (LineInput in = from == null ? source.spec().open(source.maxLineLength())
                : source.spec().open(source.maxLineLength(), from.lines(), from.bytes())) {
            input = in;
            String name = in.name();
            synchronized (lock) {
                reading = r;
            }
            while (running) {
                boolean more;
                try {
                    more = in.next(line);
                } catch (IOException e) {
                    if (!running) {
                        break; // stopped or cancelled while reading
                    }
                    throw new IOException("source " + name + ": " + e.getMessage(), e);
                }
                if (!more) {
                    if (in.endReason() != null && stoppedBecause == null) {
                        stoppedBecause = in.endReason();
                    }
                    break;
                }
                synchronized (lock) { // a checkpoint falls between two lines
                    r.lines++;
                    r.decisions.decide(line, name, r.lines, outcomes);
                    r.bytes = in.position();
                }
                if (failure[0] != null) {
                    throw failure[0];
                }
                if (System.nanoTime() - nextCounts >= 0) {
                    nextCounts = System.nanoTime() + COUNTS_EVERY_NANOS;
                    out.counts(new SourceCounts(r.lines, r.empty, r.headers, r.accepted, in.position(), r.guard.held(), null));
                }
            }
            if (stoppedBecause == null && !running) {
                throw new IOException("source " + name + ": cancelled (the tidemark command went away or the job was cancelled)");
            }
            synchronized (lock) {
                r.decisions.end(outcomes);
            }
            if (failure[0] != null) {
                throw failure[0];
            }
            synchronized (lock) {
                r.ended = true;
                out.counts(new SourceCounts(r.lines, r.empty, r.headers, r.accepted, in.position(), 0, stoppedBecause));
            }
        } finally {
            input = null;
        }
    }

    /** Sends to the command over the link. */
    @FunctionalInterface
    private interface IoAction {
        void run() throws IOException;
    }

    /** Ends the input at the next line ({@code why} given) or, with null, cancels it. */
    private void stop(String why) {
        stoppedBecause = why;
        running = false;
        LineInput in = input;
        if (in != null) {
            try {
                in.close();
            } catch (IOException ignored) {
                // the reading loop ends either way
            }
        }
    }

    @Override
    public void cancel() {
        stop(null);
        Link l = link;
        if (l != null && checkpointed && input == null) {
            l.abandon(); // the input had ended: the link waited for the final checkpoint
        }
    }
}
