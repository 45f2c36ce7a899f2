package io.tidemark.cli.job;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.gen.OrderGenerator;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.ReplayClock;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/**
 * The job's source: reads lines (from a file, a socket or the generator), turns each into an event
 * or a dead letter with a {@link LineInterpreter}, and emits events to their split (the
 * partition-field value, or one split {@code all}).
 *
 * <p>Bad lines never enter the engine: they go to the dead-letter output here. In replay mode the
 * source advances the replay clock to each line's arrival time before emitting it; it holds that clock
 * itself (the one the run sets on the environment), so that an engine that serializes the source with
 * the clock, as the Flink runner does, keeps the two one object. With several
 * source subtasks every subtask reads the whole input (so all reach the same decisions) and emits only
 * the splits it owns; lines without a split (unparsable ones) belong to subtask 0.
 */
final class LineSource implements SplitSourceFunction<Event> {

    private static final long serialVersionUID = 1L;
    static final String SINGLE_SPLIT = "all";

    private final RunHandle handle;
    /** The run's replay clock (also the environment's), or null without replay. */
    private final ReplayClock clock;
    private volatile boolean running = true;
    private transient volatile Closeable input;

    LineSource(RunHandle handle, ReplayClock clock) {
        this.handle = handle;
        this.clock = clock;
    }

    /** Lines of input; {@code next} returns null at the end. */
    private interface Lines extends Closeable {
        String next() throws IOException;

        String name();

        /** Characters read so far (for progress). */
        long position();
    }

    @Override
    public void run(SplitSourceContext<Event> ctx) throws Exception {
        RunContext run = RunContext.get(handle);
        RunStats stats = run.stats;
        LineInterpreter interpreter = new LineInterpreter(run.job, SINGLE_SPLIT);
        boolean first = ctx.getIndexOfThisSubtask() == 0;
        try (Lines lines = open(run.job)) {
            input = lines;
            long number = 0;
            String line;
            while (running && (line = lines.next()) != null) {
                number++;
                if (first) {
                    stats.bytesRead.set(lines.position());
                }
                if (line.isBlank()) {
                    if (first) {
                        stats.blankLines.increment();
                    }
                    continue;
                }
                if (interpreter.isHeader(line)) {
                    continue;
                }
                LineInterpreter.Outcome o = interpreter.interpret(line, lines.name(), number);
                boolean mine = o.split() != null ? ctx.owns(o.split()) : first;
                if (!mine) {
                    continue;
                }
                stats.linesRead.increment();
                if (clock != null && o.arrival() != null) {
                    clock.advanceTo(o.arrival());
                }
                if (o.event() != null) {
                    stats.accepted.increment();
                    ctx.collect(o.split(), o.event());
                } else {
                    run.deadLetter(o.deadLetter());
                }
            }
        } catch (IOException e) {
            if (running) {
                throw e;
            }
        }
    }

    private Lines open(JobConfig job) throws IOException {
        JobConfig.Source s = job.source();
        switch (s.type()) {
            case FILE: {
                BufferedReader r = Files.newBufferedReader(s.path(), StandardCharsets.UTF_8);
                String name = s.path().toString();
                return new Lines() {
                    long pos;

                    @Override
                    public String next() throws IOException {
                        String l = r.readLine();
                        if (l != null) {
                            pos += l.length() + 1;
                        }
                        return l;
                    }

                    @Override
                    public String name() {
                        return name;
                    }

                    @Override
                    public long position() {
                        return pos;
                    }

                    @Override
                    public void close() throws IOException {
                        r.close();
                    }
                };
            }
            case SOCKET: {
                Socket socket = new Socket();
                socket.connect(new InetSocketAddress(s.host(), s.port()), 10_000);
                BufferedReader r = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
                String name = "socket:" + s.host() + ":" + s.port();
                return new Lines() {
                    @Override
                    public String next() throws IOException {
                        return r.readLine();
                    }

                    @Override
                    public String name() {
                        return name;
                    }

                    @Override
                    public long position() {
                        return 0;
                    }

                    @Override
                    public void close() throws IOException {
                        socket.close();
                    }
                };
            }
            default: {
                OrderGenerator g = new OrderGenerator(s.generator());
                return new Lines() {
                    @Override
                    public String next() {
                        return g.hasNext() ? g.next() : null;
                    }

                    @Override
                    public String name() {
                        return "generator";
                    }

                    @Override
                    public long position() {
                        return 0;
                    }

                    @Override
                    public void close() {}
                };
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
        Closeable c = input;
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // cancelling: the reader ends either way
            }
        }
    }
}
