package io.tidemark.state.rocksdb;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The local folders of the RocksDB databases, {@code <base>/tidemark-rocksdb/<operator>-<subtask>-<id>/},
 * and the cleaning up after processes killed outright.
 *
 * <p>A backend deletes its folder when its subtask ends, but a process killed with SIGKILL (or a power
 * loss) leaves it — a database per keyed subtask and run, as large as the state. So each folder has a
 * lock file beside it, {@code <folder>.lock}, taken (an operating-system file lock) before the folder is
 * made and held until it is deleted: the lock goes with the process, however it ends. The first
 * database a process makes under a base first deletes every folder there whose lock is free — its
 * process is gone — and every folder without a lock file whose RocksDB {@code LOCK} is free (left by a
 * version before this scheme). Folders of this process are never examined (closing a channel on a file
 * this process has locked would release that lock), nor are other processes' (their locks are held).
 *
 * <p>Bounds: one listing of the folder per base and process; a folder killed between taking its lock
 * and making the folder cannot exist (the lock comes first).
 */
final class LocalDatabases {

    static final String FOLDER = "tidemark-rocksdb";
    private static final String LOCK = ".lock";

    /** The folders of this process's live databases. */
    private static final Set<Path> OWN = ConcurrentHashMap.newKeySet();
    /** The bases this process cleaned up already. */
    private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();

    private LocalDatabases() {}

    /** A database folder of this process, its lock file, and the lock on it that says so. */
    record Claim(Path folder, Path lockFile, FileChannel lock) {

        /** Deletes the folder, then the lock file, and lets the lock go. */
        void release() {
            try {
                RocksDBKeyedStateBackend.deleteRecursively(folder);
                Files.deleteIfExists(lockFile);
            } catch (IOException | RuntimeException e) {
                // the lock goes below: the next process's sweep deletes what is left
            } finally {
                OWN.remove(folder);
                try {
                    lock.close();
                } catch (IOException ignored) {
                    // closing
                }
            }
        }
    }

    /**
     * A new folder for operator {@code name}'s subtask {@code subtask} under {@code base}, locked for this
     * process; the first call per base deletes what killed processes left there.
     */
    static Claim claim(Path base, String name, int subtask) throws IOException {
        Path root = base.resolve(FOLDER);
        Files.createDirectories(root);
        if (SWEPT.add(root.toAbsolutePath().normalize())) {
            sweep(root);
        }
        Path folder = root.resolve(name + "-" + subtask + "-" + UUID.randomUUID());
        Path lockFile = folder.resolveSibling(folder.getFileName() + LOCK);
        FileChannel c = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            if (c.tryLock() == null) {
                throw new IOException("cannot lock " + lockFile + ": another process holds it");
            }
            OWN.add(folder);
            Files.createDirectories(folder);
        } catch (IOException | RuntimeException e) {
            OWN.remove(folder);
            c.close();
            throw e;
        }
        return new Claim(folder, lockFile, c);
    }

    /** Deletes the folders under {@code root} that no live process holds. */
    static void sweep(Path root) {
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(root, Files::isDirectory)) {
            s.forEach(folders::add);
        } catch (IOException e) {
            return; // nothing to clean that can be listed
        }
        for (Path folder : folders) {
            if (OWN.contains(folder)) {
                continue;
            }
            Path lockFile = folder.resolveSibling(folder.getFileName() + LOCK);
            try {
                if (Files.exists(lockFile)) {
                    deleteIfFree(lockFile, folder, true);
                } else if (Files.exists(folder.resolve("LOCK"))) {
                    deleteIfFree(folder.resolve("LOCK"), folder, false);
                }
            } catch (IOException | RuntimeException e) {
                // in use, or not ours to delete: left alone
            }
        }
    }

    /** Deletes {@code folder} (and, if {@code alsoLock}, the lock file) if {@code lockFile}'s lock is free. */
    private static void deleteIfFree(Path lockFile, Path folder, boolean alsoLock) throws IOException {
        try (FileChannel c = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock l;
            try {
                l = c.tryLock();
            } catch (OverlappingFileLockException e) {
                return; // this process holds it
            }
            if (l == null) {
                return; // a live process holds it
            }
            RocksDBKeyedStateBackend.deleteRecursively(folder);
            if (alsoLock) {
                Files.deleteIfExists(lockFile);
            }
        }
    }
}
