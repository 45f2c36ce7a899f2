package io.tidemark.cli.output;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Which file an output writes: its file key (device and inode on Linux) as it was when the output
 * opened it. An output checks it before each write out and commit ({@link #check}), so that a file
 * deleted, moved away or replaced while the run writes it — its folder deleted, another file put in its
 * place — fails the run naming the output, instead of the run writing on into an unlinked file and
 * reporting success. Costs one {@code stat} per check.
 *
 * @param key the file key when opened; null where the file system has none (only the size is checked then)
 */
record FileIdentity(Object key) {

    /** The identity of {@code file}, just opened. */
    static FileIdentity of(Path file) throws IOException {
        return new FileIdentity(Files.readAttributes(file, BasicFileAttributes.class).fileKey());
    }

    /**
     * Fails unless {@code file} is still this file and {@code size} bytes long (what the output wrote or
     * committed to it), saying what became of it (the caller names the output and the file).
     */
    void check(Path file, long size) throws IOException {
        BasicFileAttributes now;
        try {
            now = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IOException("it is gone: it was deleted or moved away (or its folder was) while the run wrote it");
        }
        if (key != null && !key.equals(now.fileKey())) {
            throw new IOException("it was replaced by another file while the run wrote it");
        }
        if (now.size() != size) {
            throw new IOException("it has " + now.size() + " bytes where the run wrote " + size
                    + ": something else changed it while the run wrote it");
        }
    }
}
