package io.tidemark.cli.spi;

import java.io.IOException;
import java.nio.file.Path;

/** An output type's checked settings for one of the job's outputs. */
public interface OutputSpec {

    /** The value of the output's {@code type}. */
    String type();

    /** One line for {@code validate}, e.g. {@code jsonl /out/results.jsonl}. */
    String describe();

    /** The file it writes, or null: checked against the inputs, the job file and the other outputs. */
    default Path file() {
        return null;
    }

    /** Whether it writes to the command's standard out. */
    default boolean stdout() {
        return false;
    }

    /**
     * Checks that the output can be opened (its place exists and is writable), without touching it.
     * Throws an {@link IllegalArgumentException} saying what is wrong; the caller names the key.
     */
    default void check() {}

    /** What the output creates when absent, for {@code validate} (a table's {@code CREATE TABLE}), or null. */
    default String schema(OutputContext context) {
        return null;
    }

    /**
     * With checkpoints: opens it to commit with the job's checkpoints ({@link StagedOutput}), keeping its
     * staged records and commit record in {@code dir} (which only it uses); {@code fresh} when the job
     * starts over rather than resuming from a checkpoint. Null when the output cannot (standard out, a
     * device): it is then opened with {@link #open} and written as records come (at least once).
     */
    default StagedOutput staged(OutputContext context, Path dir, boolean fresh) throws IOException {
        return null;
    }

    /**
     * Whether it can store text holding the character U+0000 (a PostgreSQL table cannot): a line whose
     * key — or, for the late output, whose text — holds one is then a dead letter at the source
     * ({@code unstorable}) instead of a failed write.
     */
    default boolean storesNul() {
        return true;
    }

    /**
     * Writes it from the cluster the job runs on, with no command attached ({@code tidemark run --detach}):
     * adds the sink that writes {@code records} (the output's records: {@code context.role()}'s) and
     * returns true. False when it cannot be written from a cluster (the default): a file would land on the
     * disks of the TaskManagers, one part on each, and standard out is the command's.
     */
    default boolean sinkOnCluster(io.tidemark.streaming.api.datastream.DataStream<io.tidemark.cli.data.OutputRecord> records,
            OutputContext context) {
        return false;
    }

    /** Opens it (command side) before the job starts. */
    Output open(OutputContext context) throws IOException;
}
