package io.tidemark.runtime.tasks;

import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * A file's lines, emitted in chunks of {@value #CHUNK}, each chunk only once the test has released a
 * permit: the test decides how far the source gets, so a checkpoint is sure to be taken while the job
 * runs. Waits for permits outside the checkpoint lock; keeps its position (the next line) as split state.
 */
final class PacedSource implements SplitSourceFunction<String> {

    private static final long serialVersionUID = 1L;
    static final int CHUNK = 1000;
    private static final Map<String, Semaphore> PERMITS = new ConcurrentHashMap<>();

    private final String file;
    private final String name;
    private volatile boolean running = true;
    private transient long next;

    PacedSource(Path file, String name) {
        this.file = file.toString();
        this.name = name;
    }

    static Semaphore permits(String name) {
        return PERMITS.computeIfAbsent(name, k -> new Semaphore(0));
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
            List<String> chunk = lines.subList((int) next, (int) Math.min(lines.size(), next + CHUNK));
            synchronized (ctx.getCheckpointLock()) {
                ctx.collectAll("all", chunk);
                next += chunk.size();
            }
        }
        ctx.splitFinished("all");
    }

    @Override
    public void cancel() {
        running = false;
    }
}
