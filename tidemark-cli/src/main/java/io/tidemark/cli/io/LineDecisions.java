package io.tidemark.cli.io;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.spi.Line;
import io.tidemark.time.ReplayClock;
import java.util.List;

/**
 * What the job's source does with each line it reads, in reading order: the {@link LineInterpreter}
 * makes it a skip, a dead letter or a candidate; in replay mode the replay clock moves to the line's
 * arrival time (a dead letter's too, when it could be read); the {@link TimeGuard} accepts or rejects
 * candidates, possibly some lines later. One piece of code for everything that reads a job's lines —
 * the job's source ({@code LineSource}) and {@code tidemark profile} / {@code tune} — so that they
 * decide alike, line for line.
 */
public final class LineDecisions {

    /** Where the decisions go, in the order they are made. */
    public interface Outcomes {
        /** The CSV header line. */
        void header(String text);

        /** An empty line (skipped, counted). */
        void empty();

        /** A dead letter of the interpreter or of the time guard ({@code too-far-ahead}). */
        void dead(DeadLetter letter, LineInterpreter.Candidate guarded);

        /** A record accepted: the source emits it now. */
        void accept(LineInterpreter.Candidate c);

        /** A line passed the interpreter's checks (the time guard judges it now or some lines later). */
        default void passed(LineInterpreter.Candidate c) {}
    }

    private final LineInterpreter interpreter;
    private final TimeGuard guard;
    private final ReplayClock clock;
    /** The time guard's view of the last {@link Outcomes} decided for, made once rather than per line. */
    private Outcomes lastOut;
    private TimeGuard.Decisions lastDecisions;

    /**
     * @param clock the run's replay clock (advanced to each line's arrival time), or null without replay
     */
    public LineDecisions(JobConfig job, String defaultSplit, ReplayClock clock) {
        this(job, defaultSplit, clock, true);
    }

    /**
     * With {@code fastPath} false every line takes the interpreter's general path (Jackson's tree, the
     * CSV splitter): the same decisions, for comparing the two paths ({@code ProfileLinePathsProperties}).
     */
    public LineDecisions(JobConfig job, String defaultSplit, ReplayClock clock, boolean fastPath) {
        this(new LineInterpreter(job.source(), job.eventTime(), job.keyBy(), job.aggregates(), defaultSplit, TextLimits.of(job), fastPath),
                job.source(), job.eventTime(), clock);
    }

    /** The same from the parts of a job its source task keeps, {@code limits} those of its outputs ({@code unstorable}). */
    public LineDecisions(JobConfig.Source source, JobConfig.EventTime eventTime, List<String> keyBy, List<AggregateSpec> aggregates,
            String defaultSplit, ReplayClock clock, TextLimits limits) {
        this(new LineInterpreter(source, eventTime, keyBy, aggregates, defaultSplit, limits), source, eventTime, clock);
    }

    private LineDecisions(LineInterpreter interpreter, JobConfig.Source source, JobConfig.EventTime eventTime, ReplayClock clock) {
        this.interpreter = interpreter;
        this.guard = new TimeGuard(eventTime.maxFuture().toMillis(), eventTime.confirmations(), source.replay(),
                source.spec().live() ? System::currentTimeMillis : null);
        this.clock = clock;
    }

    public LineInterpreter interpreter() {
        return interpreter;
    }

    public TimeGuard guard() {
        return guard;
    }

    /** Decides line {@code number} of input {@code name}. */
    public void decide(Line line, String name, long number, Outcomes out) {
        LineInterpreter.Outcome o = interpreter.interpret(line, name, number);
        if (o instanceof LineInterpreter.Skipped s) {
            if (s.header()) {
                out.header(s.text());
            } else {
                out.empty();
            }
        } else if (o instanceof LineInterpreter.Rejected rejected) {
            if (clock != null && rejected.arrival() != null) {
                clock.advanceTo(rejected.arrival());
            }
            out.dead(rejected.letter(), null);
        } else {
            LineInterpreter.Candidate c = (LineInterpreter.Candidate) o;
            out.passed(c);
            if (clock != null) {
                clock.advanceTo(c.arrival());
            }
            guard.offer(c, decisionsFor(out));
        }
    }

    /** The end of the input: the time guard decides what it holds. */
    public void end(Outcomes out) {
        guard.end(decisionsFor(out));
    }

    private TimeGuard.Decisions decisionsFor(Outcomes out) {
        if (out != lastOut) {
            lastDecisions = decisions(out);
            lastOut = out;
        }
        return lastDecisions;
    }

    private static TimeGuard.Decisions decisions(Outcomes out) {
        return new TimeGuard.Decisions() {
            @Override
            public void accept(LineInterpreter.Candidate c) {
                out.accept(c);
            }

            @Override
            public void reject(LineInterpreter.Candidate c, String detail) {
                Event e = c.event();
                out.dead(new DeadLetter(DeadLetter.TOO_FAR_AHEAD, detail, e.source(), e.lineNumber(), e.originalLine()), c);
            }
        };
    }
}
