package io.tidemark.cli.job;

import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.WindowResult;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
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
 * sends {@link Frames#END} and everything before it. The source's link also listens: a
 * {@link Frames#STOP} from the command runs {@code onStop}; the command going away runs {@code onLost}.
 */
final class Link implements Closeable {

    private static final long FLUSH_MILLIS = 50;

    private final Socket socket;
    private final DataOutputStream out;
    private final Thread flusher;
    private boolean dirty;
    private volatile boolean closed;
    private IOException failure;

    private Link(Socket socket) throws IOException {
        this.socket = socket;
        this.out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream(), 1 << 16));
        this.flusher = new Thread(this::flushLoop, "tidemark-link-flusher");
        flusher.setDaemon(true);
    }

    /**
     * Connects to the command as {@code role} (subtask {@code subtask}). With {@code onStop}, listens for
     * the command's stop (and runs {@code onLost} if the command goes away first).
     */
    static Link open(LinkAddress a, Frames.Role role, int subtask, Runnable onStop, Runnable onLost) throws IOException {
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
            link.out.flush();
        }
        link.flusher.start();
        if (onStop != null) {
            Thread listener = new Thread(() -> link.listen(onStop, onLost), "tidemark-link-listener");
            listener.setDaemon(true);
            listener.start();
        }
        return link;
    }

    private void listen(Runnable onStop, Runnable onLost) {
        try {
            InputStream in = new DataInputStream(socket.getInputStream());
            int b;
            while ((b = in.read()) >= 0) {
                if (b == Frames.STOP) {
                    onStop.run();
                }
            }
        } catch (IOException e) {
            // the connection ended
        }
        if (!closed) {
            onLost.run();
        }
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
