package io.tidemark.cli.source;

import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.config.SourceType;
import io.tidemark.cli.config.Types;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.cli.spi.SourceSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code source.type: socket}: connects to {@code host:port} as a client (like Flink's
 * {@code socketTextStream}) and reads lines until the other side closes, the source is stopped, or —
 * with {@code read-timeout} — no byte arrives for that long.
 */
public final class SocketSource implements SourceType {

    static final Key<String> HOST = Key.of("source.host", Types.text())
            .dflt("localhost")
            .doc("The host to connect to.");

    static final Key<Integer> PORT = Key.of("source.port", Types.integer(1, 65535))
            .required("the port to connect to")
            .doc("The port to connect to.");

    static final Key<Duration> CONNECT_TIMEOUT = Key.of("source.connect-timeout", Types.positiveDuration())
            .dflt(Duration.ofSeconds(10))
            .doc("How long to try to connect before the run fails.");

    static final Key<Duration> READ_TIMEOUT = Key.of("source.read-timeout", Types.positiveDuration())
            .absent("none: wait for data as long as the connection is open")
            .doc("When no byte arrives for this long, the input ends as if the other side had closed: open windows "
                    + "fire, the summary says why. Idleness does not end the input (see [Sockets](#sockets)).");

    @Override
    public String name() {
        return "socket";
    }

    @Override
    public String doc() {
        return "lines from a TCP server (`nc -lk 9999`), until it closes.";
    }

    @Override
    public List<Key<?>> keys() {
        return List.of(HOST, PORT, CONNECT_TIMEOUT, READ_TIMEOUT);
    }

    @Override
    public boolean replayable() {
        return false;
    }

    @Override
    public SourceSpec spec(Settings s, Path jobDir) {
        Duration read = s.get(READ_TIMEOUT);
        return new Spec(s.get(HOST), s.get(PORT), s.get(CONNECT_TIMEOUT).toMillis(), read == null ? 0 : read.toMillis());
    }

    /** Where to connect; {@code readTimeoutMillis} 0 waits for ever. */
    record Spec(String host, int port, long connectTimeoutMillis, long readTimeoutMillis) implements SourceSpec {

        private static final long serialVersionUID = 1L;

        @Override
        public String type() {
            return "socket";
        }

        @Override
        public String describe() {
            return "socket " + host + ":" + port + (readTimeoutMillis > 0 ? ", ends after " + readTimeoutMillis + " ms without data" : "");
        }

        @Override
        public boolean live() {
            return true;
        }

        /** A socket cannot be read again: what it sent is gone. */
        @Override
        public boolean resumable() {
            return false;
        }

        @Override
        public LineInput open(int maxLineLength) throws IOException {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(host, port), (int) Math.min(Integer.MAX_VALUE, connectTimeoutMillis));
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, readTimeoutMillis));
            } catch (IOException e) {
                socket.close();
                throw new IOException("source: cannot connect to " + host + ":" + port + ": " + e.getMessage(), e);
            }
            return new ByteLines(socket.getInputStream(), "socket:" + host + ":" + port, maxLineLength) {
                private String endReason;

                @Override
                public boolean next(Line line) throws IOException {
                    try {
                        return endReason == null && super.next(line);
                    } catch (SocketTimeoutException e) {
                        endReason = "no data for " + readTimeoutMillis + " ms (source.read-timeout)";
                        line.stripCarriageReturn();
                        return line.fullLength() > 0; // a last line without its \n, as at a close
                    }
                }

                @Override
                public String endReason() {
                    return endReason;
                }

                @Override
                public void close() throws IOException {
                    socket.close();
                }
            };
        }
    }
}
