package io.tidemark.cli.output;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file written in place as the run goes (so {@code tail -f} follows it), while the file of the run
 * before is kept aside, next to it, as {@code .NAME.tidemark-previous}: a run that ends well deletes
 * it; a run that fails moves its own lines to {@code NAME.failed} and puts the previous file back. A
 * run killed outright (SIGKILL, power loss) leaves both; the next run finds the kept-aside file, treats
 * it as the last good output and moves the killed run's lines to {@code NAME.failed}. A run that ends
 * well deletes an empty {@code NAME.failed} (one with lines stays: they are a failed run's records).
 *
 * <p>A destination that exists but is not a regular file (a device such as {@code /dev/null}, a pipe)
 * is written in place, with nothing kept aside. A symbolic link is followed: the file it names is kept
 * aside and written, next to itself, and the link stays.
 *
 * <p>A regular file holds whole lines at every moment: a write that fails part way (a full device) is
 * cut back to where it began ({@link OutputFiles#writeWhole}). Each write, flush and commit first checks
 * that the file is still the one opened, of the length written ({@link FileIdentity}): a file deleted,
 * replaced or changed under the run fails it, naming the output.
 */
final class FileDestination implements Destination {

    private final Path target;
    private final Path previous;
    private final Path failed;
    private final boolean regular;
    private boolean keptAside;
    /** A destination that is not a regular file. */
    private OutputStream out;
    /** A regular file, the bytes written to it, and which file it is. */
    private FileChannel channel;
    private long written;
    private FileIdentity identity;

    FileDestination(Path path) throws IOException {
        // a symbolic link is followed: the file it names is the one written (the link stays)
        this.target = Files.exists(path) ? path.toRealPath() : path;
        this.previous = target.resolveSibling("." + target.getFileName() + ".tidemark-previous");
        this.failed = target.resolveSibling(target.getFileName() + ".failed");
        this.regular = !Files.exists(target) || Files.isRegularFile(target);
        if (!regular) {
            out = new FileOutputStream(target.toFile());
            return;
        }
        Path parent = target.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (Files.exists(previous)) {
            // an earlier run was killed while writing: its lines are not a good output
            keptAside = true;
            if (Files.exists(target)) {
                Files.move(target, failed, StandardCopyOption.REPLACE_EXISTING);
            }
        } else if (Files.exists(target)) {
            Files.move(target, previous, StandardCopyOption.ATOMIC_MOVE);
            keptAside = true;
        }
        channel = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        identity = FileIdentity.of(target);
    }

    @Override
    public void write(byte[] bytes, int off, int len) throws IOException {
        if (channel == null) {
            out.write(bytes, off, len);
            return;
        }
        identity.check(target, written);
        OutputFiles.writeWhole(target, channel, ByteBuffer.wrap(bytes, off, len));
        written += len;
    }

    @Override
    public void flush() throws IOException {
        if (channel == null) {
            out.flush();
        } else {
            identity.check(target, written);
        }
    }

    @Override
    public void commit() throws IOException {
        if (channel == null) {
            out.close();
            return;
        }
        try {
            identity.check(target, written);
        } finally {
            channel.close();
        }
        if (keptAside) {
            Files.deleteIfExists(previous);
        }
        if (regular && Files.isRegularFile(failed) && Files.size(failed) == 0) {
            Files.delete(failed); // a failed run's, with nothing in it: only noise beside a good output
        }
    }

    @Override
    public String abort() {
        try {
            if (channel != null) {
                channel.close();
            } else {
                out.close();
            }
        } catch (IOException ignored) {
            // failing already; what was written stays
        }
        if (!regular) {
            return null;
        }
        try {
            String kept = null;
            if (Files.exists(target)) { // else deleted under the run, with this run's records
                Files.move(target, failed, StandardCopyOption.REPLACE_EXISTING);
                kept = failed.toString();
            }
            if (keptAside && Files.exists(previous)) {
                Files.move(previous, target, StandardCopyOption.ATOMIC_MOVE);
            }
            return kept;
        } catch (IOException e) {
            return target + " (it could not be moved aside: " + e.getMessage() + ")";
        }
    }

    @Override
    public String describe() {
        return target.toString();
    }
}
