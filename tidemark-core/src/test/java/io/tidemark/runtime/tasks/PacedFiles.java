package io.tidemark.runtime.tasks;

import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parallel split source over the files of a directory, one split per file, each subtask reading the
 * files it {@linkplain SplitSourceContext#owns owns} in turns of {@value #CHUNK} lines, each turn only
 * once the test released a permit ({@link PacedSource#permits}, shared by the subtasks): the test decides
 * how far the source gets. Keeps each file's position (the next line) as split state.
 */
final class PacedFiles implements SplitSourceFunction<String> {

    private static final long serialVersionUID = 1L;
    static final int CHUNK = 500;

    private final String dir;
    private final String name;
    private volatile boolean running = true;
    private transient Map<String, Long> positions;

    PacedFiles(Path dir, String name) {
        this.dir = dir.toString();
        this.name = name;
    }

    @Override
    public Map<String, Long> snapshotSplitState() {
        return positions == null ? Map.of() : new LinkedHashMap<>(positions);
    }

    @Override
    public void restoreSplitState(Map<String, ? extends Serializable> state) {
        positions = new LinkedHashMap<>();
        state.forEach((split, at) -> positions.put(split, (Long) at));
    }

    @Override
    public void run(SplitSourceContext<String> ctx) throws IOException, InterruptedException {
        Map<String, List<String>> mine = new LinkedHashMap<>();
        List<Path> files;
        try (var list = Files.list(Path.of(dir))) {
            files = list.sorted().toList();
        }
        synchronized (ctx.getCheckpointLock()) {
            if (positions == null) {
                positions = new LinkedHashMap<>();
            }
            for (Path f : files) {
                String split = f.getFileName().toString();
                if (ctx.owns(split)) {
                    mine.put(split, Files.readAllLines(f));
                    positions.putIfAbsent(split, 0L);
                    ctx.announceSplit(split);
                }
            }
        }
        List<String> open = new ArrayList<>(mine.keySet());
        while (running && !open.isEmpty()) {
            PacedSource.permits(name).acquire();
            for (String split : new ArrayList<>(open)) {
                List<String> lines = mine.get(split);
                synchronized (ctx.getCheckpointLock()) {
                    int from = positions.get(split).intValue();
                    int to = Math.min(lines.size(), from + CHUNK);
                    ctx.collectAll(split, lines.subList(from, to));
                    positions.put(split, (long) to);
                    if (to == lines.size()) {
                        ctx.splitFinished(split);
                        open.remove(split);
                    }
                }
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
