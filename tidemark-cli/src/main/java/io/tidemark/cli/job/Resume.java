package io.tidemark.cli.job;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.runtime.checkpoint.CheckpointStorage;
import io.tidemark.runtime.checkpoint.FlinkCheckpointDirectories;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Where a run of a job file with {@code checkpoint:} starts: from the latest completed checkpoint in
 * {@code checkpoint.dir} that reads back intact (a damaged one is skipped, named on standard error; the
 * job's final checkpoint too, whose restore reads nothing and commits what it holds), or
 * from the beginning — when there is none, or with {@code --fresh}, which sets what the folder held aside
 * into {@code set-aside-TIME/} (nothing of the user's is deleted). The folder also holds the job's
 * identity ({@code tidemark-job.txt}: source, format, event time, watermark, key, window, lateness,
 * aggregates, parallelism), written when a chain of checkpoints starts and compared on every resume:
 * a job file changed in any of these is refused (a {@link ConfigException}: exit code 2), since its
 * checkpointed state would mean something else.
 *
 * <p>On {@code --engine flink} the checkpoints are Flink's, in {@code checkpoint.dir/flink/} (Flink's
 * layout: {@code <Flink job id>/chk-<n>/_metadata}); the latest completed one (by the time its
 * {@code _metadata} was written) is restored. Checkpoints of one engine are not resumed on the other
 * (refused, naming the engine that took them).
 */
final class Resume {

    static final String IDENTITY = "tidemark-job.txt";
    /** The folder of the outputs' staged lines and commit records, under {@code checkpoint.dir}. */
    static final String OUTPUTS = "outputs";

    static final String LOCK = ".lock";
    /**
     * The folder of Flink's checkpoints under {@code checkpoint.dir}, on {@code --engine flink}: Flink's
     * layout, {@code flink/<Flink job id>/chk-<n>/_metadata}.
     */
    static final String FLINK = "flink";
    /** Written into {@code flink/} when a run on Flink ended well: Flink keeps no checkpoint of a finished job. */
    static final String FLINK_FINISHED = "finished.txt";

    /**
     * The folder, and the checkpoint to restore (null: from the beginning); holds the folder's lock
     * (one run at a time) until {@link #close}.
     */
    record Plan(Path dir, CheckpointStorage.Loaded from, java.nio.channels.FileChannel lock, boolean flink) implements java.io.Closeable {
        Path outputs() {
            return dir.resolve(OUTPUTS);
        }

        /** Where the engine writes its checkpoints: {@code dir}, or {@code dir/flink} on Flink. */
        Path storage() {
            return flink ? dir.resolve(FLINK) : dir;
        }

        @Override
        public void close() {
            try {
                lock.close(); // releases the lock
            } catch (IOException ignored) {
                // the process ends soon; the lock goes with it
            }
        }
    }

    /** Takes the folder's lock: another run using it (in any process) is refused. */
    private static java.nio.channels.FileChannel lock(Path dir) throws IOException {
        java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(dir.resolve(LOCK),
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
        java.nio.channels.FileLock l;
        try {
            l = c.tryLock();
        } catch (java.nio.channels.OverlappingFileLockException e) {
            l = null;
        }
        if (l == null) {
            c.close();
            throw new ConfigException(JobKeys.CHECKPOINT_DIR.path(), "another tidemark run is using " + dir
                    + " now; one run at a time resumes a job's checkpoints");
        }
        return c;
    }

    private Resume() {}

    /** Decides where the run starts, saying so on {@code err}. */
    static Plan plan(JobConfig job, int parallelism, boolean fresh, boolean flink, PrintStream err) throws IOException {
        Path dir = job.checkpoint().dir();
        Files.createDirectories(dir);
        java.nio.channels.FileChannel lock = lock(dir);
        try {
            return plan(job, parallelism, fresh, flink, err, dir, lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private static Plan plan(JobConfig job, int parallelism, boolean fresh, boolean flink, PrintStream err, Path dir,
            java.nio.channels.FileChannel lock) throws IOException {
        Map<String, String> identity = identity(job, parallelism);
        if (fresh) {
            Path aside = setAside(dir);
            err.println("tidemark: --fresh: the job starts from the beginning"
                    + (aside == null ? "" : "; what " + dir + " held (checkpoints, staged outputs) is set aside in " + aside
                            + " (delete it when no longer needed)"));
            write(dir, identity);
            return new Plan(dir, null, lock, flink);
        }
        Path finished = dir.resolve(FLINK).resolve(FLINK_FINISHED);
        boolean otherEngine = flink ? !new CheckpointStorage(dir).completedIds().isEmpty()
                : latestFlink(dir.resolve(FLINK)) != null || Files.exists(finished);
        if (otherEngine) {
            throw new ConfigException(JobKeys.CHECKPOINT_DIR.path(), "the checkpoints in " + dir + " were taken on the "
                    + (flink ? "embedded engine" : "Flink engine") + ": resume them with" + (flink ? "out --engine flink" : " --engine flink")
                    + ", or run with --fresh to set them aside and start from the beginning");
        }
        if (flink && Files.exists(finished)) {
            throw new JobRunner.AlreadyFinished("the job already finished on Flink (" + Files.readString(finished, StandardCharsets.UTF_8)
                    .strip() + "): its outputs are complete; run with --fresh to run it again");
        }
        CheckpointStorage.Loaded latest;
        boolean anyCompleted;
        if (flink) {
            latest = latestFlink(dir.resolve(FLINK));
            anyCompleted = latest != null;
        } else {
            CheckpointStorage storage = new CheckpointStorage(dir);
            latest = storage.loadLatest((id, why) -> err.println(
                    "tidemark: skipping checkpoint " + id + " in " + dir + ": " + why + "; trying the one before"));
            anyCompleted = !storage.completedIds().isEmpty();
        }
        if (latest == null && !anyCompleted) {
            // only checkpoints a killed run left unfinished, and the lines it staged: nothing was committed from them
            deleteUnfinished(dir);
            write(dir, identity);
            return new Plan(dir, null, lock, flink);
        }
        if (latest == null) {
            Path aside = setAside(dir);
            if (aside != null) {
                err.println("tidemark: no completed checkpoint in " + dir + " reads back intact: the job starts from the beginning; "
                        + "what the folder held is set aside in " + aside);
            }
            write(dir, identity);
            return new Plan(dir, null, lock, flink);
        }
        compare(dir, identity);
        String taken = DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(latest.timestamp()));
        if (latest.finished()) {
            // restoring a finished checkpoint commits what it holds and ends at once: the run finishes the
            // commits a failed run left undone, then proves the outputs complete (RunContext#commit)
            err.println("tidemark: the job already finished: checkpoint " + latest.id() + " in " + dir + " (" + taken
                    + ") is the end of its input; checking that its outputs hold everything it committed (and finishing "
                    + "commits a failed run left undone); run with --fresh to run it again");
            return new Plan(dir, latest, lock, flink);
        }
        err.println("tidemark: resuming from checkpoint " + latest.id() + " in " + (flink ? latest.directory() : dir) + " (taken "
                + taken + "); --fresh starts from the beginning");
        return new Plan(dir, latest, lock, flink);
    }

    /** A run on Flink ended well and its outputs committed: the next run has nothing to resume. */
    static void finished(Plan plan) throws IOException {
        Files.createDirectories(plan.storage());
        Files.writeString(plan.storage().resolve(FLINK_FINISHED), "ended " + Instant.now() + "\n", StandardCharsets.UTF_8);
    }

    /**
     * The latest completed Flink checkpoint under {@code flinkDir} ({@link FlinkCheckpointDirectories#latest});
     * null if none. Flink's metadata is Flink's to read: only its id, time and directory are known here.
     */
    static CheckpointStorage.Loaded latestFlink(Path flinkDir) throws IOException {
        try {
            return FlinkCheckpointDirectories.latest(flinkDir).map(chk -> new CheckpointStorage.Loaded(FlinkCheckpointDirectories.number(chk),
                    FlinkCheckpointDirectories.written(chk).toMillis(), false, chk, Map.of())).orElse(null);
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** What a checkpoint's state depends on, as {@code key: value} lines. */
    static Map<String, String> identity(JobConfig job, int parallelism) {
        Map<String, String> m = new LinkedHashMap<>();
        JobConfig.Source s = job.source();
        m.put("source", s.spec().describe());
        m.put(JobKeys.FORMAT.path(), s.format().name().toLowerCase(java.util.Locale.ROOT));
        m.put(JobKeys.COLUMNS.path(), String.valueOf(s.columns()));
        m.put(JobKeys.HEADER.path(), String.valueOf(s.header()));
        m.put(JobKeys.PARTITION_FIELD.path(), String.valueOf(s.partitionField()));
        m.put(JobKeys.ARRIVAL_TIME_FIELD.path(), String.valueOf(s.arrivalTimeField()));
        JobConfig.EventTime t = job.eventTime();
        m.put(JobKeys.TIME_FIELD.path(), t.field());
        m.put(JobKeys.UNIT.path(), String.valueOf(t.unit()));
        m.put(JobKeys.MAX_FUTURE.path(), Durations.format(t.maxFuture()));
        m.put(JobKeys.CONFIRMATIONS.path(), String.valueOf(t.confirmations()));
        JobConfig.Watermark w = job.watermark();
        m.put(JobKeys.STRATEGY.path(), w.strategy().name().toLowerCase(java.util.Locale.ROOT));
        m.put(JobKeys.MAX_OUT_OF_ORDERNESS.path(), w.maxOutOfOrderness() == null ? "none" : Durations.format(w.maxOutOfOrderness()));
        if (w.adaptive() != null) { // what the adaptive generator's checkpointed state means
            m.put("watermark.adaptive", w.adaptive().toString());
        }
        if (w.perKey()) { // per-key clocks in the window's state
            m.put(JobKeys.PER_KEY.path(), "true");
        }
        if (s.sortBuffer() != null) { // the reorder buffers in the source's state
            m.put(JobKeys.SORT_BUFFER.path(), Durations.format(s.sortBuffer()));
        }
        m.put(JobKeys.KEY_BY.path(), String.join(", ", job.keyBy()));
        JobConfig.Window win = job.window();
        m.put(JobKeys.WINDOW_TYPE.path(), win.type().name().toLowerCase(java.util.Locale.ROOT));
        m.put(JobKeys.SIZE.path(), show(win.size()));
        m.put(JobKeys.SLIDE.path(), show(win.slide()));
        m.put(JobKeys.OFFSET.path(), show(win.offset()));
        m.put(JobKeys.GAP.path(), show(win.gap()));
        m.put(JobKeys.ALLOWED_LATENESS.path(), Durations.format(job.allowedLateness()));
        m.put(JobKeys.AGGREGATE.path(), job.aggregates().stream().map(a -> a.outputName()).collect(Collectors.joining(", ")));
        m.put("--parallelism", String.valueOf(parallelism));
        return m;
    }

    private static String show(java.time.Duration d) {
        return d == null ? "none" : Durations.format(d);
    }

    private static void write(Path dir, Map<String, String> identity) throws IOException {
        StringBuilder sb = new StringBuilder("# what the checkpoints in this folder depend on (tidemark run compares it on resume)\n");
        identity.forEach((k, v) -> sb.append(k).append(": ").append(v.replace('\n', ' ')).append('\n'));
        Files.writeString(dir.resolve(IDENTITY), sb.toString(), StandardCharsets.UTF_8);
    }

    private static void compare(Path dir, Map<String, String> now) throws IOException {
        Path file = dir.resolve(IDENTITY);
        if (!Files.exists(file)) {
            throw new ConfigException(JobKeys.CHECKPOINT_DIR.path(), dir + " holds checkpoints that tidemark run did not start ("
                    + IDENTITY + " is missing): use another folder, or --fresh to set them aside and start from the beginning");
        }
        Map<String, String> then = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int colon = line.indexOf(": ");
            if (!line.startsWith("#") && colon > 0) {
                then.put(line.substring(0, colon), line.substring(colon + 2));
            }
        }
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> e : now.entrySet()) {
            String before = then.get(e.getKey());
            String after = e.getValue().replace('\n', ' ');
            if (!Objects.equals(before, after)) {
                changed.add(e.getKey() + " was " + (before == null ? "not recorded" : before) + ", is now " + after);
            }
        }
        if (!changed.isEmpty()) {
            throw new ConfigException(JobKeys.CHECKPOINT_DIR.path(), "the checkpoints in " + dir + " are of a different job: "
                    + String.join("; ", changed) + ". Their state would mean something else to this one. Run with --fresh to start "
                    + "from the beginning (the checkpoints are set aside, not deleted), or use another checkpoint.dir");
        }
    }

    /**
     * Deletes unfinished checkpoints (no {@code _metadata}), Flink's folder (it completed none) and the
     * staged outputs of a chain that completed none.
     */
    private static void deleteUnfinished(Path dir) throws IOException {
        List<Path> doomed = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (n.matches("chk-\\d+") && !Files.exists(p.resolve(CheckpointStorage.METADATA)) || n.equals(OUTPUTS) || n.equals(FLINK)) {
                    doomed.add(p);
                }
            }
        }
        for (Path p : doomed) {
            try (java.util.stream.Stream<Path> w = Files.walk(p)) {
                for (Path x : w.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(x);
                }
            }
        }
    }

    /** Moves what the folder holds (checkpoints, shared files, staged outputs, the identity) into a new folder; null if nothing. */
    private static Path setAside(Path dir) throws IOException {
        List<Path> ours = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (n.matches("chk-\\d+") || n.equals("shared") || n.equals(OUTPUTS) || n.equals(IDENTITY)
                        || n.equals(FLINK)) {
                    ours.add(p);
                }
            }
        }
        if (ours.isEmpty()) {
            return null;
        }
        String stamp = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC).format(Instant.now());
        Path aside = dir.resolve("set-aside-" + stamp);
        for (int i = 2; Files.exists(aside); i++) {
            aside = dir.resolve("set-aside-" + stamp + "-" + i);
        }
        Files.createDirectories(aside);
        for (Path p : ours) {
            Files.move(p, aside.resolve(p.getFileName()));
        }
        return aside;
    }
}
