package io.tidemark.cli.reconcile;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.cli.io.TimeGuard;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The job's valid input: its input read again, in order, each line judged by the job's own rules
 * ({@link LineInterpreter} and {@link TimeGuard}: the same decisions, in the same order, as the job's
 * source makes), keeping the records that were not dead letters. Needs an input that can be read
 * again: a file or the generator, not a socket.
 */
public final class ValidInput {

    private ValidInput() {}

    /** The valid records, in input order. */
    public static List<Event> read(JobConfig job) throws IOException {
        JobConfig.Source source = job.source();
        if (source.spec().live()) {
            throw new ConfigException("source.type", "backfill and reconcile read the input again, whole; "
                    + source.spec().describe() + " cannot be read again");
        }
        LineInterpreter interpreter = new LineInterpreter(source, job.eventTime(), job.keyBy(), job.aggregates(), "all",
                io.tidemark.cli.io.TextLimits.of(job));
        TimeGuard guard = new TimeGuard(job.eventTime().maxFuture().toMillis(), job.eventTime().confirmations(),
                source.replay(), null);
        List<Event> events = new ArrayList<>();
        TimeGuard.Decisions keep = new TimeGuard.Decisions() {
            @Override
            public void accept(LineInterpreter.Candidate c) {
                events.add(c.event());
            }

            @Override
            public void reject(LineInterpreter.Candidate c, String detail) {
                // too far ahead: a dead letter
            }
        };
        Line line = new Line();
        try (LineInput in = source.spec().open(source.maxLineLength())) {
            long number = 0;
            while (in.next(line)) {
                number++;
                if (interpreter.interpret(line, in.name(), number) instanceof LineInterpreter.Candidate c) {
                    guard.offer(c, keep);
                }
            }
            guard.end(keep);
        }
        return events;
    }
}
