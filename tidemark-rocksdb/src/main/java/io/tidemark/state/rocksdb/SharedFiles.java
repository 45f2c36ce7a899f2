package io.tidemark.state.rocksdb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The files incremental checkpoints share, in {@code <checkpoint dir>/shared/} (beside the
 * checkpoints' {@code chk-N/} directories, as Flink lays them out), and which checkpoint refers to
 * which: {@code shared/_refs/chk-<N>.<instance>} lists, one a line, the shared files checkpoint N of
 * one database instance refers to. The list is written before the files it names, so a cleanup running
 * meanwhile (another subtask's) keeps them.
 *
 * <p>Cleanup ({@link #collect}): a checkpoint is retained while its {@code chk-N/} directory exists
 * (the checkpoint coordinator removes the directories of checkpoints it no longer retains); a
 * reference list of a checkpoint newer than every existing directory belongs to one in progress and
 * counts too. Shared files no counted list names are deleted, and the lists of checkpoints gone. Cost:
 * one listing of {@code shared/} and a read of each list.
 *
 * <p>Files go in by hard link when the checkpoint directory is on the local disk's file system (an SST
 * file never changes after RocksDB wrote it), else by copy to a temporary name and a rename.
 */
final class SharedFiles {

    static final String SHARED = "shared";
    static final String REFS = "_refs";

    private final Path root;
    private final Path shared;
    private final Path refs;

    SharedFiles(Path checkpointDirectory) {
        this.root = checkpointDirectory;
        this.shared = checkpointDirectory.resolve(SHARED);
        this.refs = shared.resolve(REFS);
    }

    Path directory() {
        return shared;
    }

    /** Records that checkpoint {@code checkpointId} of database {@code instance} refers to {@code names}. */
    void register(long checkpointId, String instance, Collection<String> names) throws IOException {
        Files.createDirectories(refs);
        Path list = refs.resolve("chk-" + checkpointId + "." + instance);
        Path tmp = refs.resolve(list.getFileName() + ".tmp");
        Files.write(tmp, String.join("\n", names).getBytes(StandardCharsets.UTF_8));
        Files.move(tmp, list, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Puts {@code file} into the shared directory as {@code name}, unless it is there already. */
    void upload(Path file, String name) throws IOException {
        Path target = shared.resolve(name);
        if (Files.exists(target)) {
            return;
        }
        transfer(file, target);
    }

    /** Puts shared file {@code name} at {@code target}. */
    void download(String name, Path target) throws IOException {
        Path source = shared.resolve(name);
        if (!Files.exists(source)) {
            throw new IOException("the checkpoint refers to shared file " + source + ", which is missing");
        }
        transfer(source, target);
    }

    private static void transfer(Path source, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        try {
            Files.createLink(target, source);
            return;
        } catch (UnsupportedOperationException | IOException e) {
            // another file system, or links not supported: copy
        }
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.copy(source, tmp, StandardCopyOption.REPLACE_EXISTING);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The ids of the checkpoints whose {@code chk-N/} directory exists. */
    Set<Long> retained() throws IOException {
        Set<Long> ids = new TreeSet<>();
        if (!Files.isDirectory(root)) {
            return ids;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : (Iterable<Path>) dirs::iterator) {
                String n = d.getFileName().toString();
                if (n.startsWith("chk-") && Files.isDirectory(d)) {
                    try {
                        ids.add(Long.parseLong(n.substring(4)));
                    } catch (NumberFormatException e) {
                        // not a checkpoint directory
                    }
                }
            }
        }
        return ids;
    }

    /** Deletes the shared files and reference lists of checkpoints no longer retained; returns the files deleted. */
    List<String> collect() {
        try {
            List<String> deleted = new ArrayList<>();
            if (!Files.isDirectory(refs)) {
                return deleted;
            }
            Set<Long> retained = retained();
            long newest = retained.stream().mapToLong(Long::longValue).max().orElse(Long.MIN_VALUE);
            Set<String> live = new HashSet<>();
            List<Path> dead = new ArrayList<>();
            try (Stream<Path> lists = Files.list(refs)) {
                for (Path l : (Iterable<Path>) lists::iterator) {
                    String n = l.getFileName().toString();
                    if (n.endsWith(".tmp")) {
                        continue;
                    }
                    long id = Long.parseLong(n.substring(4, n.indexOf('.')));
                    if (retained.contains(id) || id > newest) {
                        for (String f : new String(Files.readAllBytes(l), StandardCharsets.UTF_8).split("\n")) {
                            live.add(f);
                        }
                    } else {
                        dead.add(l);
                    }
                }
            }
            try (Stream<Path> files = Files.list(shared)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    String n = f.getFileName().toString();
                    if (!n.equals(REFS) && !n.endsWith(".tmp") && !live.contains(n)) {
                        Files.deleteIfExists(f);
                        deleted.add(n);
                    }
                }
            }
            for (Path l : dead) {
                Files.deleteIfExists(l);
            }
            return deleted;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clean up the shared checkpoint files in " + shared, e);
        }
    }
}
