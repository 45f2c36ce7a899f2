package io.tidemark.runtime.tasks;

import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.time.ReplayClock;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file's lines, emitted in chunks ({@value #CHUNK} lines unless given), each chunk only once the test
 * has released a permit: the test decides how far the source gets, so a checkpoint is sure to be taken
 * while the job runs, between two chunks. Waits for permits outside the checkpoint lock; keeps its
 * position (the next line) as split state; counts the chunks it emitted, over every run of a name.
 *
 * <p>Replaying: with a {@link ReplayClock}, the source advances it to each line's last field (its
 * arrival time) before emitting the line, as a replaying source does; a line starting {@code bad,} only
 * advances the clock (a line that emits nothing, as the command's dead letters).
 */
final class PacedSource implements SplitSourceFunction<String> {

    private static final long serialVersionUID = 1L;
    static final int CHUNK = 1000;
    private static final Map<String, Semaphore> PERMITS = new ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> CHUNKS = new ConcurrentHashMap<>();

    private final String file;
    private final String name;
    private final int chunk;
    private final ReplayClock clock;
    private volatile boolean running = true;
    private transient long next;

    PacedSource(Path file, String name) {
        this(file, name, CHUNK, null);
    }

    /** @param clock the replay clock to advance to each line's arrival time, or null */
    PacedSource(Path file, String name, int chunk, ReplayClock clock) {
        this.file = file.toString();
        this.name = name;
        this.chunk = chunk;
        this.clock = clock;
    }

    static Semaphore permits(String name) {
        return PERMITS.computeIfAbsent(name, k -> new Semaphore(0));
    }

    /** Chunks emitted so far, over every run of a source of this name. */
    static AtomicLong chunks(String name) {
        return CHUNKS.computeIfAbsent(name, k -> new AtomicLong());
    }

    @Override
    public Map<String, Long> snapshotSplitState() {
        return Map.of("all", next);
    }

    @Override
    public void restoreSplitState(Map<String, ? extends Serializable> state) {
        Long at = (Long) state.get("all");
        next = at == null ? 0 : at;
    }

    @Override
    public void run(SplitSourceContext<String> ctx) throws IOException, InterruptedException {
        List<String> lines = Files.readAllLines(Path.of(file));
        ctx.announceSplit("all");
        while (running && next < lines.size()) {
            permits(name).acquire();
            List<String> part = lines.subList((int) next, (int) Math.min(lines.size(), next + chunk));
            synchronized (ctx.getCheckpointLock()) {
                if (clock == null) {
                    ctx.collectAll("all", part);
                } else {
                    for (String line : part) {
                        clock.advanceTo(Long.parseLong(line.substring(line.lastIndexOf(',') + 1)));
                        if (!line.startsWith("bad,")) {
                            ctx.collect("all", line);
                        }
                    }
                }
                next += part.size();
                chunks(name).incrementAndGet();
            }
        }
        ctx.splitFinished("all");
    }

    @Override
    public void cancel() {
        running = false;
    }
}
