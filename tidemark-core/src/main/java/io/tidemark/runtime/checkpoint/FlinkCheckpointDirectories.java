package io.tidemark.runtime.checkpoint;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Apache Flink's checkpoint directories as its file checkpoint storage lays them out:
 * {@code dir/<job id>/chk-<n>/_metadata}. Flink writes {@code _metadata} last, so a {@code chk-<n>}
 * without one is a checkpoint that never completed. Only names and file times are read here — the
 * metadata is Flink's to read — so both the Flink runner and the command (which does not depend on
 * Flink) find the checkpoint to resume from by the same rule.
 */
public final class FlinkCheckpointDirectories {

    private static final Pattern CHECKPOINT = Pattern.compile("chk-(\\d+)");

    private FlinkCheckpointDirectories() {}

    /**
     * The latest complete checkpoint under {@code dir}: the one whose metadata was written last; ties go
     * to the higher {@code n}.
     */
    public static Optional<Path> latest(Path dir) {
        return completed(dir).stream().max(Comparator.comparing(FlinkCheckpointDirectories::written)
                .thenComparingLong(FlinkCheckpointDirectories::number));
    }

    /** Every complete checkpoint under {@code dir}, in no particular order; empty if {@code dir} is not a directory. */
    public static List<Path> completed(Path dir) {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return found;
        }
        try (Stream<Path> jobs = Files.list(dir)) {
            for (Path job : (Iterable<Path>) jobs::iterator) {
                if (!Files.isDirectory(job)) {
                    continue;
                }
                try (Stream<Path> chks = Files.list(job)) {
                    chks.filter(c -> CHECKPOINT.matcher(c.getFileName().toString()).matches())
                            .filter(c -> Files.isRegularFile(c.resolve(CheckpointStorage.METADATA)))
                            .forEach(found::add);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the checkpoints in " + dir + ": " + e.getMessage(), e);
        }
        return found;
    }

    /** When the checkpoint's {@code _metadata} was written (the epoch if it cannot be read). */
    public static FileTime written(Path checkpoint) {
        try {
            return Files.getLastModifiedTime(checkpoint.resolve(CheckpointStorage.METADATA));
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** The {@code n} of {@code chk-<n>}, or -1 for another name. */
    public static long number(Path checkpoint) {
        Matcher m = CHECKPOINT.matcher(checkpoint.getFileName().toString());
        return m.matches() ? Long.parseLong(m.group(1)) : -1;
    }
}
