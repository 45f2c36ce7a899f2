package io.tidemark.cli.config;

import io.tidemark.cli.spi.SourceSpec;
import java.nio.file.Path;
import java.util.List;

/**
 * A kind of source ({@code source.type}): its name, its own keys and how they become a
 * {@link SourceSpec}. The keys every source has ({@code format}, {@code partition-field}, …) are in
 * {@link JobKeys}; a type's own keys apply only when {@code source.type} is its name. Two types may
 * declare the same key (the same path, type and doc): it then applies to both.
 *
 * <p>Adding one: a class implementing this (and its {@link SourceSpec} and
 * {@link io.tidemark.cli.spi.LineInput}), listed in {@code io.tidemark.cli.BuiltIn}. docs/job-file.md
 * ("Adding a source or output type") walks through it.
 */
public interface SourceType {

    /** The value of {@code source.type}. */
    String name();

    /** One sentence for the key reference. */
    String doc();

    /** This type's own keys, each under {@code source.} (e.g. {@code source.path}). */
    List<Key<?>> keys();

    /** Builds the spec from checked settings (cross-checks throw a {@link ConfigException} naming the key). */
    SourceSpec spec(Settings settings, Path jobDir);

    /** Whether processing time can be replayed from a field ({@code source.arrival-time-field}). */
    default boolean replayable() {
        return true;
    }

    /** Whether the job can sort the source's splits ({@code source.sort}). */
    default boolean sortable() {
        return true;
    }

    /** Whether the source's splits can pause for watermark alignment ({@code watermark.alignment}). */
    default boolean pausable() {
        return false;
    }
}
