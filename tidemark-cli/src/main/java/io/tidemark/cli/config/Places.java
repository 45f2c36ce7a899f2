package io.tidemark.cli.config;

import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks the files a job reads and writes before anything is opened: an output is never the input
 * file, the job file or another output — compared by real path (symbolic links followed) and by file
 * identity (hard links) — and each output's place can be written (the nearest existing folder above it
 * is a writable folder; it is not itself a folder); the checkpoint and state folders are folders.
 */
public final class Places {

    private record Place(String key, Path path) {}

    private Places() {}

    static void check(JobConfig job) {
        List<Place> taken = new ArrayList<>();
        if (job.source().spec().file() != null) {
            taken.add(new Place("source.path", Path.of(job.source().spec().file())));
        }
        taken.add(new Place("the job file", job.jobFile()));
        for (OutputContext.Role role : OutputContext.Role.values()) {
            OutputSpec o = job.outputs().get(role);
            if (o == null) {
                continue;
            }
            String key = role.key() + (o.file() != null ? ".path" : "");
            if (o.file() != null) {
                Path p = o.file();
                writable(key, p);
                for (Place t : taken) {
                    if (same(p, t.path())) {
                        throw new ConfigException(key, t.key().equals("the job file")
                                ? "is the job file itself: " + p
                                : "is the same file as " + t.key() + ": " + p + (real(p).equals(p) ? "" : " (" + real(p) + ")"));
                    }
                }
                taken.add(new Place(key, p));
            }
            try {
                o.check();
            } catch (IllegalArgumentException e) {
                throw new ConfigException(key, e.getMessage());
            }
        }
        if (job.checkpoint() != null) {
            checkpointDir(job.checkpoint().dir(), taken);
        }
        if (job.stateDir() != null) {
            stateDir(job.stateDir());
        }
    }

    /** The RocksDB folder is a folder, or can be made: the nearest existing folder above it is writable. */
    private static void stateDir(Path dir) {
        String key = JobKeys.STATE_DIR.path();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new ConfigException(key, "is not a folder: " + dir);
        }
        Path existing = dir.toAbsolutePath();
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && !Files.isDirectory(existing)) {
            throw new ConfigException(key, "cannot be made: " + existing + " is not a folder");
        }
        if (existing != null && !Files.isWritable(existing)) {
            throw new ConfigException(key, "cannot be written: " + existing + " is not writable");
        }
    }

    /** The checkpoint folder is a folder (or can be made) and holds none of the job's files, nor is one of them. */
    private static void checkpointDir(Path dir, List<Place> taken) {
        String key = JobKeys.CHECKPOINT_DIR.path();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new ConfigException(key, "is not a folder: " + dir);
        }
        Path realDir = real(dir);
        for (Place t : taken) {
            if (real(t.path()).startsWith(realDir)) {
                throw new ConfigException(key, same(dir, t.path()) ? "is " + t.key() + ": " + dir
                        : "holds " + t.key() + " (" + t.path() + "): the checkpoint folder is the job's own; use another folder");
            }
        }
    }

    /** Whether the two paths are one file: the same real path, or the same file by identity. */
    static boolean same(Path a, Path b) {
        if (real(a).equals(real(b))) {
            return true;
        }
        if (Files.exists(a) && Files.exists(b)) {
            try {
                return Files.isSameFile(a, b);
            } catch (IOException e) {
                return false;
            }
        }
        return false;
    }

    /** The real path of {@code p}, or of its nearest existing ancestor with the rest appended. */
    static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        if (Files.exists(abs)) {
            try {
                return abs.toRealPath();
            } catch (IOException e) {
                return abs;
            }
        }
        Path parent = abs.getParent();
        return parent == null ? abs : real(parent).resolve(abs.getFileName());
    }

    private static void writable(String key, Path p) {
        if (Files.isDirectory(p)) {
            throw new ConfigException(key, "is a folder: " + p);
        }
        if (Files.exists(p) && !Files.isRegularFile(p)) {
            // a device or a pipe is written in place
            if (!Files.isWritable(p)) {
                throw new ConfigException(key, "cannot be written: " + p + " is not writable");
            }
            return;
        }
        // a regular file is kept aside (renamed) while the run writes a new one: its folder must be writable
        Path dir = p.toAbsolutePath().normalize().getParent();
        while (dir != null && !Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new ConfigException(key, "has no folder to be written in: " + p);
        }
        if (!Files.isDirectory(dir)) {
            throw new ConfigException(key, dir + " is not a folder, so " + p + " cannot be written");
        }
        if (!Files.isWritable(dir)) {
            throw new ConfigException(key, "cannot be written: the folder " + dir + " is not writable");
        }
    }
}
