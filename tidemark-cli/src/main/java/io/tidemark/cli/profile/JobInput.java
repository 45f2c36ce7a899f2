package io.tidemark.cli.profile;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.job.KafkaLines;
import io.tidemark.cli.source.KafkaSourceType;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.io.LineDecisions;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.time.ReplayClock;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a job's source as {@code tidemark run} does — the source type's {@link LineInput}, then
 * {@link LineDecisions}, the run's own interpretation, replay clock and time guard — and hands what
 * the source would emit to {@link Emissions}, counting every line as the run summary counts it (empty,
 * header, dead letters by reason). Splits and keys are interned: memory grows with their number, never
 * with the input's length.
 *
 * <p>Processing time: the replay clock with {@code source.arrival-time-field}; the wall clock for a live
 * source (a socket); otherwise the data's own clock, the highest event time emitted so far — what a
 * production deployment sees when records arrive as they happen ({@code tidemark run} on a file without
 * arrival times reads at full speed, on a wall clock the data does not follow).
 */
final class JobInput {

    /** The counts of the run summary, and the outliers the time guard and the unit check kept out. */
    static final class Counts {
        long lines;
        long empty;
        long headers;
        long accepted;
        final Map<String, Long> deadLetters = new TreeMap<>();
        /** Records {@code too-far-ahead}: the largest move they would have given the highest event time, and an example. */
        long largestRejectedJump = Long.MIN_VALUE;
        String rejectedExample;
        String wrongUnitExample;

        long deadLetterTotal() {
            return deadLetters.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final JobConfig job;
    private final Counts counts = new Counts();
    private final Map<String, String> splits = new HashMap<>();
    private final Map<List<String>, Integer> keys = new HashMap<>();
    private final Map<List<String>, Integer> keysByInstance = new java.util.IdentityHashMap<>();
    private final long deadline;
    /** Whether lines may take the interpreter's fast path (false: the general path alone, for comparing the two). */
    private final boolean fastPath;
    private long highest = Long.MIN_VALUE;
    private volatile LineInput reading;

    /** @param durationMillis for a live source, how long to read (0: until its end) */
    JobInput(JobConfig job, long durationMillis) {
        this(job, durationMillis, true);
    }

    /** @param fastPath false: every line takes the interpreter's general path (the same figures, slower) */
    JobInput(JobConfig job, long durationMillis, boolean fastPath) {
        this.job = job;
        this.fastPath = fastPath;
        this.deadline = durationMillis > 0 ? System.currentTimeMillis() + durationMillis : Long.MAX_VALUE;
    }

    Counts counts() {
        return counts;
    }

    /** The number of distinct keys seen. */
    int keys() {
        return keys.size();
    }

    /** Processing time when the source opens, for {@link Simulation}. */
    long startClock() {
        return job.source().spec().live() && !(job.source().spec() instanceof KafkaSourceType.Spec) ? System.currentTimeMillis()
                : Long.MIN_VALUE;
    }

    /** Reads the whole input (a live one until its end or the duration), handing emissions to {@code out}. */
    void read(Emissions out) throws IOException {
        if (job.source().spec() instanceof KafkaSourceType.Spec kafka) {
            readKafka(kafka, out);
            return;
        }
        boolean live = job.source().spec().live();
        ReplayClock replay = job.source().replay() ? new ReplayClock() : null;
        LineDecisions decisions = new LineDecisions(job, "all", replay, fastPath);
        LineDecisions.Outcomes outcomes = new LineDecisions.Outcomes() {
            @Override
            public void header(String text) {
                counts.headers++;
            }

            @Override
            public void empty() {
                counts.empty++;
            }

            @Override
            public void dead(DeadLetter letter, LineInterpreter.Candidate guarded) {
                JobInput.this.dead(letter, guarded == null ? null : guarded.event().timestamp());
            }

            @Override
            public void accept(LineInterpreter.Candidate c) {
                long ts = c.event().timestamp();
                long clock = replay != null ? replay.currentTimeMillis() : live ? System.currentTimeMillis() : Math.max(highest, ts);
                // a live source's records arrive now: their delay is the wall clock at read − event time
                long arrival = c.arrival() != null ? c.arrival() : live ? clock : Long.MIN_VALUE;
                JobInput.this.accept(c.split(), c.event(), clock, arrival, out);
            }
        };
        Line line = new Line();
        Thread timer = live && deadline != Long.MAX_VALUE ? closeAtDeadline() : null;
        try (LineInput in = job.source().spec().open(job.source().maxLineLength())) {
            reading = in;
            String name = in.name();
            while (System.currentTimeMillis() < deadline) {
                boolean more;
                try {
                    more = in.next(line);
                } catch (IOException e) {
                    if (System.currentTimeMillis() >= deadline) {
                        break; // closed at the deadline
                    }
                    throw new IOException("source " + name + ": " + e.getMessage(), e);
                }
                if (!more) {
                    break;
                }
                counts.lines++;
                decisions.decide(line, name, counts.lines, outcomes);
            }
            decisions.end(outcomes);
        } finally {
            reading = null;
            if (timer != null) {
                timer.interrupt();
            }
        }
        out.end(replay != null ? replay.currentTimeMillis() : live ? System.currentTimeMillis() : highest);
    }

    private void dead(DeadLetter letter, Long rejectedTimestamp) {
        counts.deadLetters.merge(letter.reason(), 1L, Long::sum);
        if (rejectedTimestamp != null) {
            long jump = rejectedTimestamp - highest;
            if (highest != Long.MIN_VALUE && jump > counts.largestRejectedJump) {
                counts.largestRejectedJump = jump;
                counts.rejectedExample = letter.source() + ":" + letter.line() + " " + letter.detail();
            }
        } else if (letter.reason().equals(DeadLetter.WRONG_UNIT) && counts.wrongUnitExample == null) {
            counts.wrongUnitExample = letter.source() + ":" + letter.line() + " " + letter.detail();
        }
    }

    private void accept(String split, Event e, long clock, long arrival, Emissions out) {
        counts.accepted++;
        highest = Math.max(highest, e.timestamp());
        out.record(split(split), e.timestamp(), key(e.key()), clock, arrival);
    }

    /**
     * A Kafka source: each partition a split (named as the run's source names it), each record through
     * the run's {@link KafkaLines}; the record's Kafka timestamp is its arrival time, and processing time
     * follows it (never backwards).
     */
    private void readKafka(KafkaSourceType.Spec kafka, Emissions out) throws IOException {
        KafkaLines lines = new KafkaLines(job);
        lines.open(null);
        long[] clock = {Long.MIN_VALUE};
        new KafkaInput(kafka, deadline).read((record, split) -> {
            counts.lines++;
            clock[0] = Math.max(clock[0], record.timestamp());
            lines.deserialize(record, new io.tidemark.util.Collector<>() {
                @Override
                public void collect(Object item) {
                    if (item instanceof Event e) {
                        accept(split, e, clock[0], record.timestamp(), out);
                    } else if (item instanceof DeadLetter d) {
                        dead(d, null);
                    } else {
                        counts.empty++;
                    }
                }

                @Override
                public void close() {}
            });
        });
        out.end(clock[0]);
    }

    /** Closes a live input blocked in a read once the duration has passed. */
    private Thread closeAtDeadline() {
        Thread t = new Thread(() -> {
            try {
                Thread.sleep(Math.max(1, deadline - System.currentTimeMillis()));
                LineInput in = reading;
                if (in != null) {
                    in.close();
                }
            } catch (InterruptedException | IOException ignored) {
                // the reading ended first, or it ends with the close's failure
            }
        }, "tidemark-profile-duration");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private String split(String name) {
        String s = splits.putIfAbsent(name, name);
        return s == null ? name : s;
    }

    /**
     * The key's id: by the list's identity first (the fast path's keys are one instance per key), else by
     * its value; only a key's first instance is remembered by identity, so both maps hold one entry per key.
     */
    private int key(List<String> key) {
        Integer id = keysByInstance.get(key);
        if (id != null) {
            return id;
        }
        id = keys.get(key);
        if (id == null) {
            id = keys.size();
            keys.put(key, id);
            keysByInstance.put(key, id);
        }
        return id;
    }
}
