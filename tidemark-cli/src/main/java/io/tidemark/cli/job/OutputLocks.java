package io.tidemark.cli.job;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One run at a time writes an output file: each file output is locked for the whole run — an operating
 * system file lock on {@code .NAME.tidemark-lock} beside it, which goes with the process however it ends
 * (as {@code checkpoint.dir}'s {@code .lock}). A second run of the same job (or of any job writing the same
 * file) is refused before anything is read or written, with exit code 2, naming the holder the lock file
 * records: its process id, job and start. Without it, two runs each kept the other's file aside as a
 * killed run's and both left {@code .failed} files. Bound: one open file per file output.
 *
 * <p>The lock file is deleted when the run ends, while still locked. A run that opened it just before
 * then holds a lock on a deleted file, so a lock counts only when the path names the same file (its
 * file key: device and inode) before the open and after the lock; else it is taken again. Where the
 * file system has no file keys, the lock file stays.
 */
final class OutputLocks implements Closeable {

    private final List<FileChannel> held = new ArrayList<>();
    /** The lock files to delete when the run ends (those with a file key). */
    private final List<Path> files = new ArrayList<>();

    private OutputLocks() {}

    /** Locks every file output of {@code job}; throws {@link ConfigException} (nothing locked) when one is held. */
    static OutputLocks take(JobConfig job) throws IOException {
        OutputLocks locks = new OutputLocks();
        try {
            for (OutputContext.Role role : OutputContext.Role.values()) {
                OutputSpec o = job.outputs().get(role);
                Path file = o == null ? null : o.file();
                if (file != null && (!Files.exists(file) || Files.isRegularFile(file))) {
                    locks.lock(role.key() + ".path", job, file.toAbsolutePath());
                }
            }
        } catch (IOException | RuntimeException e) {
            locks.close();
            throw e;
        }
        return locks;
    }

    /** The lock file of output {@code file}. */
    static Path lockFile(Path file) {
        Path real = file;
        try {
            real = Files.exists(file) ? file.toRealPath() : file; // a symbolic link: the file it names is written
        } catch (IOException e) {
            // the path as given
        }
        return real.resolveSibling("." + real.getFileName() + ".tidemark-lock");
    }

    private void lock(String key, JobConfig job, Path file) throws IOException {
        Path lockFile = lockFile(file);
        Files.createDirectories(lockFile.getParent());
        FileChannel c;
        FileLock l;
        Object fileKey;
        while (true) {
            Object before = fileKey(lockFile);
            c = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            try {
                l = c.tryLock();
            } catch (OverlappingFileLockException e) {
                l = null; // this process holds it: another run in the same JVM
            }
            fileKey = fileKey(lockFile);
            boolean noKeys = fileKey == null && Files.exists(lockFile, LinkOption.NOFOLLOW_LINKS);
            if (l == null || noKeys || fileKey != null && fileKey.equals(before)) {
                break;
            }
            c.close(); // locked a file its holder deleted as it ended: take the one the path names now
        }
        if (l == null) {
            String holder;
            try {
                holder = Files.readString(lockFile, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                holder = "";
            }
            c.close();
            throw new ConfigException(key, "another tidemark run is writing " + file + " now"
                    + (holder.isEmpty() ? "" : " (" + holder + ")") + "; one run at a time writes an output: wait for it to end, "
                    + "or stop it (Ctrl-C)");
        }
        held.add(c);
        if (fileKey != null) {
            files.add(lockFile);
        }
        c.truncate(0);
        c.write(ByteBuffer.wrap(("process " + ProcessHandle.current().pid() + ", job '" + job.name() + "', since " + Instant.now()
                + "\n").getBytes(StandardCharsets.UTF_8)), 0);
        c.force(false);
    }

    /** The file key (device and inode) of {@code p}, or null when it does not exist or the file system has none. */
    private static Object fileKey(Path p) {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public void close() {
        for (Path f : files) {
            try {
                Files.deleteIfExists(f); // still locked: a run that opened it meanwhile sees it gone and takes a new one
            } catch (IOException ignored) {
                // it stays; the next run locks it as it is
            }
        }
        files.clear();
        for (FileChannel c : held) {
            try {
                c.close(); // releases its lock
            } catch (IOException ignored) {
                // the process ends soon; the lock goes with it
            }
        }
        held.clear();
    }
}
