package io.tidemark.cli.job;

import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.WindowResult;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * A job function's connection to the command that runs the job ({@link RunServer}): the source and
 * the sinks send what the job produces — results, late records, dead letters, counters — and the
 * command writes the outputs and counts. Functions hold only a {@link LinkAddress}, so they serialize
 * like any function and run on any engine, in the command's JVM or on a Flink TaskManager.
 *
 * <p>Frames are buffered and reach the command within about 50 ms (a flusher thread), or when the
 * buffer fills; a slow command slows the job down (back-pressure), never loses a frame. {@link #close}
 * sends {@link Frames#END} and everything before it. A link also listens: a {@link Frames#STOP} from
 * the command runs {@code onStop}; the command going away runs {@code onLost}.
 *
 * <p>Checkpoints (a job file with {@code checkpoint:}) travel in-band: at a checkpoint the function
 * sends {@link Frames#BARRIER} after everything it sent before and waits for the command's
 * {@link Frames#ACK}, which carries the link's committable (the length of what the command staged
 * for it, see {@link io.tidemark.cli.spi.StagedOutput}) and the command's counts of the link up to the
 * barrier ({@link LinkCounts}); the function keeps both in the checkpoint and, when the checkpoint
 * completes, sends the committable back in {@link Frames#COMMIT}. A link that starts from a checkpoint
 * says so in its hello (its restored committable and counts, else -1 and none). A barrier waits at most
 * {@link #ACK_MILLIS} for its answer, else the checkpoint fails.
 */
final class Link implements Closeable {

    private static final long FLUSH_MILLIS = 50;
    static final long ACK_MILLIS = 60_000;

    private final Socket socket;
    private final DataOutputStream out;
    private final Thread flusher;
    private boolean dirty;
    private volatile boolean closed;
    private IOException failure;
    private final java.util.Map<Long, Frames.Ack> acks = new java.util.HashMap<>();
    private boolean lost;

    private Link(Socket socket) throws IOException {
        this.socket = socket;
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 16));
        this.flusher = new Thread(this::flushLoop, "tidemark-link-flusher");
        flusher.setDaemon(true);
    }

    /** Connects as {@code role} (subtask {@code subtask}), starting fresh (no checkpoint restored). */
    static Link open(LinkAddress a, Frames.Role role, int subtask, Runnable onStop, Runnable onLost) throws IOException {
        return open(a, role, subtask, null, onStop, onLost);
    }

    /**
     * Connects to the command as {@code role} (subtask {@code subtask}), {@code restored} what the
     * function kept of its link in the checkpoint the job restored (null: none). Listens for the
     * command's stop ({@code onStop}, may be null) and runs {@code onLost} (may be null) if the command
     * goes away first.
     */
    static Link open(LinkAddress a, Frames.Role role, int subtask, Frames.Ack restored, Runnable onStop, Runnable onLost)
            throws IOException {
        Socket s = new Socket();
        try {
            s.connect(new InetSocketAddress(a.host(), a.port()), 10_000);
        } catch (IOException e) {
            s.close();
            throw new IOException("cannot reach the tidemark command at " + a + ": " + e.getMessage(), e);
        }
        Link link = new Link(s);
        synchronized (link) {
            link.out.writeByte(Frames.HELLO);
            Frames.string(link.out, a.token());
            Frames.string(link.out, role.name());
            link.out.writeInt(subtask);
            link.out.writeLong(restored == null ? -1 : restored.offset());
            Frames.bytes(link.out, restored == null ? null : restored.counts());
            link.out.flush();
        }
        link.flusher.start();
        Thread listener = new Thread(() -> link.listen(onStop, onLost), "tidemark-link-listener");
        listener.setDaemon(true);
        listener.start();
        return link;
    }

    private void listen(Runnable onStop, Runnable onLost) {
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            int b;
            while ((b = in.read()) >= 0) {
                if (b == Frames.STOP && onStop != null) {
                    onStop.run();
                } else if (b == Frames.ACK) {
                    long id = in.readLong();
                    Frames.Ack ack = new Frames.Ack(in.readLong(), Frames.bytes(in));
                    synchronized (this) {
                        acks.put(id, ack);
                        notifyAll();
                    }
                }
            }
        } catch (IOException e) {
            // the connection ended
        }
        synchronized (this) {
            lost = true;
            notifyAll();
        }
        if (!closed && onLost != null) {
            onLost.run();
        }
    }

    /**
     * Sends checkpoint {@code id}'s barrier after everything sent before and returns the command's
     * answer: the link's committable and counts. Fails after {@link #ACK_MILLIS} without one.
     */
    synchronized Frames.Ack barrier(long id) throws IOException {
        check();
        out.writeByte(Frames.BARRIER);
        out.writeLong(id);
        out.flush();
        dirty = false;
        long deadline = System.nanoTime() + ACK_MILLIS * 1_000_000L;
        while (!acks.containsKey(id)) {
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (lost || closed || left <= 0) {
                throw new IOException(lost || closed ? "lost the connection to the tidemark command at checkpoint " + id
                        : "the tidemark command did not answer checkpoint " + id + "'s barrier within " + ACK_MILLIS / 1000 + " s");
            }
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted at checkpoint " + id + "'s barrier", e);
            }
        }
        return acks.remove(id);
    }

    /** Checkpoint {@code id} completed: the command commits this link's output up to {@code offset}. */
    synchronized void commit(long id, long offset) throws IOException {
        check();
        out.writeByte(Frames.COMMIT);
        out.writeLong(id);
        out.writeLong(offset);
        out.flush();
        dirty = false;
    }

    /** The source resumed from a checkpoint, after {@code lines} lines ({@code bytes} bytes), holding {@code held} records. */
    synchronized void resumed(long lines, long bytes, int held) throws IOException {
        check();
        out.writeByte(Frames.RESUMED);
        out.writeLong(lines);
        out.writeLong(bytes);
        out.writeInt(held);
    }

    private void flushLoop() {
        try {
            while (!closed) {
                Thread.sleep(FLUSH_MILLIS);
                synchronized (this) {
                    if (dirty && failure == null && !closed) {
                        try {
                            out.flush();
                        } catch (IOException e) {
                            failure = e;
                        }
                        dirty = false;
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void check() throws IOException {
        if (failure != null) {
            throw new IOException("lost the connection to the tidemark command: " + failure.getMessage(), failure);
        }
        if (closed) {
            throw new IOException("the link to the tidemark command is closed");
        }
        dirty = true;
    }

    synchronized void result(WindowResult r) throws IOException {
        check();
        Frames.result(out, r);
    }

    synchronized void late(LateRecord r) throws IOException {
        check();
        Frames.late(out, r);
    }

    synchronized void dead(DeadLetter d) throws IOException {
        check();
        Frames.dead(out, d);
    }

    synchronized void counts(SourceCounts c) throws IOException {
        check();
        Frames.counts(out, c);
    }

    synchronized void header(String line) throws IOException {
        check();
        out.writeByte(Frames.HEADER);
        Frames.string(out, line);
        out.flush();
        dirty = false;
    }

    /** Sends {@link Frames#END} after everything sent before, and closes. */
    @Override
    public void close() throws IOException {
        IOException f;
        synchronized (this) {
            if (closed) {
                return;
            }
            f = failure;
            if (f == null) {
                try {
                    out.writeByte(Frames.END);
                    out.flush();
                } catch (IOException e) {
                    f = e;
                }
            }
            closed = true;
        }
        flusher.interrupt();
        socket.close();
        if (f != null) {
            throw new IOException("lost the connection to the tidemark command: " + f.getMessage(), f);
        }
    }

    /** Closes without the end frame (the function failed); never throws. */
    void abandon() {
        closed = true;
        flusher.interrupt();
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
