package io.tidemark.cli.job;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The command's end of the run's links ({@link Link}): accepts the job's functions, checks the run's
 * token, and hands what they send to a {@link Handler}, one reader thread per link (the handler is
 * called from several threads). It can tell the source to stop, and knows when every function has
 * finished sending.
 */
final class RunServer implements Closeable {

    /** What the links deliver. Calls come from reader threads; a thrown exception stops the run. */
    interface Handler {
        void result(io.tidemark.cli.data.WindowResult r) throws IOException;

        void late(io.tidemark.cli.data.LateRecord r) throws IOException;

        void dead(io.tidemark.cli.data.DeadLetter d) throws IOException;

        void counts(SourceCounts c);

        void header(String line);

        /** The source sent its end frame: it reads no more. */
        void sourceEnded();

        /** Receiving or handling failed: the run must stop. */
        void failed(Throwable e);

        /**
         * A function linked as {@code role}, subtask {@code subtask}, {@code restored} its committable
         * and {@code counts} its counts from the checkpoint the job restored (-1 and null: none); returns
         * the handler of what it sends.
         */
        default Handler linked(Frames.Role role, int subtask, long restored, byte[] counts) throws IOException {
            return this;
        }

        /**
         * Checkpoint {@code id}'s barrier on this link: stages out what came before; returns the
         * committable and the link's counts.
         */
        default Frames.Ack barrier(long id) throws IOException {
            return new Frames.Ack(0, null);
        }

        /** Checkpoint {@code id} completed: commit this link's output up to {@code offset}. */
        default void commit(long id, long offset) throws IOException {}

        /** The source resumed from a checkpoint after {@code lines} lines ({@code bytes} bytes), holding {@code held} records. */
        default void resumed(long lines, long bytes, int held) {}

        /** The link ended (its end frame, or it went away); called once. */
        default void unlinked() {}
    }

    private final ServerSocket server;
    private final String token;
    private final Handler handler;
    private final List<Socket> sockets = new ArrayList<>();
    private final List<OutputStream> sources = new ArrayList<>();
    private final Thread acceptor;
    private int ended;
    private boolean stopping;
    private volatile boolean closed;

    /** Listens on {@code bind} (an address of this machine; the loopback for jobs in this JVM). */
    RunServer(InetAddress bind, Handler handler) throws IOException {
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(bind, 0), 64);
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        this.token = HexFormat.of().formatHex(secret);
        this.handler = handler;
        this.acceptor = new Thread(this::acceptLoop, "tidemark-run-server");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** Where the functions reach this server, as {@code host} (an address they can reach). */
    LinkAddress address(String host) {
        return new LinkAddress(host, server.getLocalPort(), token);
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            synchronized (this) {
                if (closed) {
                    close(s);
                    return;
                }
                sockets.add(s);
            }
            Thread reader = new Thread(() -> read(s), "tidemark-run-link");
            reader.setDaemon(true);
            reader.start();
        }
    }

    private void read(Socket s) {
        boolean done = false;
        Frames.Role role = null;
        Handler h = null;
        try {
            s.setSoTimeout(30_000);
            DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream(), 1 << 16));
            if (in.readByte() != Frames.HELLO || !token.equals(Frames.string(in, token.length()))) {
                close(s);
                return; // not a function of this run
            }
            role = Frames.Role.valueOf(Frames.string(in, 64));
            int subtask = in.readInt();
            long restored = in.readLong();
            byte[] counts = Frames.bytes(in);
            s.setSoTimeout(0);
            h = handler.linked(role, subtask, restored, counts);
            OutputStream back = s.getOutputStream();
            if (role == Frames.Role.SOURCE) {
                synchronized (this) {
                    sources.add(back);
                    if (stopping) {
                        sendStop(back);
                    }
                }
            }
            while (true) {
                byte type = in.readByte();
                switch (type) {
                    case Frames.RESULT -> h.result(Frames.result(in));
                    case Frames.LATE -> h.late(Frames.late(in));
                    case Frames.DEAD -> h.dead(Frames.dead(in));
                    case Frames.COUNTS -> h.counts(Frames.counts(in));
                    case Frames.HEADER -> h.header(Frames.string(in));
                    case Frames.BARRIER -> {
                        long id = in.readLong();
                        Frames.Ack answer = h.barrier(id);
                        synchronized (back) {
                            DataOutputStream ack = new DataOutputStream(back);
                            ack.writeByte(Frames.ACK);
                            ack.writeLong(id);
                            ack.writeLong(answer.offset());
                            Frames.bytes(ack, answer.counts());
                            ack.flush();
                        }
                        io.tidemark.runtime.checkpoint.CrashPoints.reach("barrier.acked");
                    }
                    case Frames.COMMIT -> h.commit(in.readLong(), in.readLong());
                    case Frames.RESUMED -> h.resumed(in.readLong(), in.readLong(), in.readInt());
                    case Frames.END -> {
                        done = true;
                        if (role == Frames.Role.SOURCE) {
                            handler.sourceEnded();
                        }
                        return;
                    }
                    default -> throw new IOException("unknown frame " + type);
                }
            }
        } catch (EOFException | SocketException e) {
            // the function went away without its end frame: the engine reports why
        } catch (Exception e) {
            if (!closed && role != null) {
                handler.failed(e); // a function's frames could not be read or handled
            }
        } finally {
            if (h != null) {
                h.unlinked();
            }
            synchronized (this) {
                if (done) {
                    ended++;
                }
                notifyAll();
            }
            if (!done) {
                close(s);
            }
        }
    }

    /** Tells the source (now, or as soon as it links) to stop reading and end its input. */
    synchronized void stopSources() {
        stopping = true;
        for (OutputStream o : sources) {
            sendStop(o);
        }
    }

    private static void sendStop(OutputStream o) {
        synchronized (o) {
            try {
                o.write(Frames.STOP);
                o.flush();
            } catch (IOException ignored) {
                // the source already left
            }
        }
    }

    /**
     * Waits until {@code links} functions have sent their end frame; false after {@code timeoutMillis},
     * or as soon as the server is closed (the run failed).
     */
    synchronized boolean awaitEnded(int links, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (ended < links) {
            if (closed) {
                return false;
            }
            long left = (deadline - System.nanoTime()) / 1_000_000L;
            if (left <= 0) {
                return false;
            }
            wait(left);
        }
        return true;
    }

    /** Closes the server and every link (functions still sending fail). */
    @Override
    public void close() {
        List<Socket> all;
        synchronized (this) {
            closed = true;
            all = new ArrayList<>(sockets);
            notifyAll();
        }
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        for (Socket s : all) {
            close(s);
        }
    }

    private static void close(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing
        }
    }
}
