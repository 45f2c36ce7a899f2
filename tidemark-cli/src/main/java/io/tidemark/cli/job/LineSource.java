package io.tidemark.cli.job;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.cli.io.TimeGuard;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.ReplayClock;
import java.io.IOException;
import java.util.List;

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
 * <p>Stopping: the command's stop (a signal) ends the input at the next line — what was read is
 * decided and emitted, and the job drains as at the end of the input; the engine's cancel and the
 * command going away end it with an error.
 */
final class LineSource implements SplitSourceFunction<Event> {

    private static final long serialVersionUID = 1L;
    static final String SINGLE_SPLIT = "all";
    private static final long COUNTS_EVERY_NANOS = 200_000_000L;

    private final JobConfig.Source source;
    private final JobConfig.EventTime eventTime;
    private final List<String> keyBy;
    private final List<AggregateSpec> aggregates;
    private final LinkAddress link;
    /** The run's replay clock (also the environment's), or null without replay. */
    private final ReplayClock clock;
    private volatile boolean running = true;
    private volatile String stoppedBecause;
    private transient volatile LineInput input;

    LineSource(JobConfig job, LinkAddress link, ReplayClock clock) {
        this.source = job.source();
        this.eventTime = job.eventTime();
        this.keyBy = job.keyBy();
        this.aggregates = job.aggregates();
        this.link = link;
        this.clock = clock;
    }

    @Override
    public void run(SplitSourceContext<Event> ctx) throws Exception {
        Link out = Link.open(link, Frames.Role.SOURCE, ctx.getIndexOfThisSubtask(),
                () -> stop("stopped on the command's request"), () -> stop(null));
        boolean ok = false;
        try {
            read(ctx, out);
            ok = true;
        } finally {
            if (ok) {
                out.close();
            } else {
                out.abandon();
            }
        }
    }

    private void read(SplitSourceContext<Event> ctx, Link out) throws Exception {
        LineInterpreter interpreter = new LineInterpreter(source, eventTime, keyBy, aggregates, SINGLE_SPLIT);
        TimeGuard guard = new TimeGuard(eventTime.maxFuture().toMillis(), eventTime.confirmations(), source.replay(),
                source.spec().live() ? System::currentTimeMillis : null);
        long lines = 0;
        long empty = 0;
        long headers = 0;
        long[] accepted = {0};
        IOException[] failure = {null};
        TimeGuard.Decisions decisions = new TimeGuard.Decisions() {
            @Override
            public void accept(LineInterpreter.Candidate c) {
                accepted[0]++;
                ctx.collect(c.split(), c.event());
            }

            @Override
            public void reject(LineInterpreter.Candidate c, String detail) {
                Event e = c.event();
                try {
                    out.dead(new DeadLetter(DeadLetter.TOO_FAR_AHEAD, detail, e.source(), e.lineNumber(), e.originalLine()));
                } catch (IOException x) {
                    failure[0] = x;
                }
            }
        };
        Line line = new Line();
        long nextCounts = System.nanoTime() + COUNTS_EVERY_NANOS;
        try (LineInput in = source.spec().open(source.maxLineLength())) {
            input = in;
            String name = in.name();
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
                lines++;
                LineInterpreter.Outcome o = interpreter.interpret(line, name, lines);
                if (o instanceof LineInterpreter.Skipped s) {
                    if (s.header()) {
                        headers++;
                        out.header(s.text());
                    } else {
                        empty++;
                    }
                } else if (o instanceof LineInterpreter.Rejected r) {
                    if (clock != null && r.arrival() != null) {
                        clock.advanceTo(r.arrival());
                    }
                    out.dead(r.letter());
                } else {
                    LineInterpreter.Candidate c = (LineInterpreter.Candidate) o;
                    if (clock != null) {
                        clock.advanceTo(c.arrival());
                    }
                    guard.offer(c, decisions);
                }
                if (failure[0] != null) {
                    throw failure[0];
                }
                if (System.nanoTime() - nextCounts >= 0) {
                    nextCounts = System.nanoTime() + COUNTS_EVERY_NANOS;
                    out.counts(new SourceCounts(lines, empty, headers, accepted[0], in.position(), guard.held(), null));
                }
            }
            if (stoppedBecause == null && !running) {
                throw new IOException("source " + name + ": cancelled (the tidemark command went away or the job was cancelled)");
            }
            guard.end(decisions);
            if (failure[0] != null) {
                throw failure[0];
            }
            out.counts(new SourceCounts(lines, empty, headers, accepted[0], in.position(), 0, stoppedBecause));
        } finally {
            input = null;
        }
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
    }
}
