package io.tidemark.streaming.api.functions.source;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Reads text from a socket and emits one string per delimited piece (default {@code "\n"}; a trailing
 * {@code '\r'} is removed when the delimiter is a newline). Ends when the server closes the connection.
 */
public class SocketTextStreamFunction implements SourceFunction<String> {

    private static final long serialVersionUID = 1L;
    private static final int CONNECTION_TIMEOUT_MILLIS = 10_000;

    private final String hostname;
    private final int port;
    private final String delimiter;
    private transient volatile Socket socket;
    private volatile boolean running = true;

    public SocketTextStreamFunction(String hostname, int port, String delimiter) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        if (delimiter == null || delimiter.isEmpty()) {
            throw new IllegalArgumentException("the delimiter must not be empty");
        }
        this.hostname = hostname;
        this.port = port;
        this.delimiter = delimiter;
    }

    public String getHostname() {
        return hostname;
    }

    public int getPort() {
        return port;
    }

    public String getDelimiter() {
        return delimiter;
    }

    @Override
    public void run(SourceContext<String> ctx) throws IOException {
        try (Socket s = new Socket()) {
            socket = s;
            s.connect(new InetSocketAddress(hostname, port), CONNECTION_TIMEOUT_MILLIS);
            Reader reader = new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8);
            StringBuilder buffer = new StringBuilder();
            char[] chunk = new char[8192];
            int n;
            while (running && (n = reader.read(chunk)) != -1) {
                buffer.append(chunk, 0, n);
                int at;
                while ((at = buffer.indexOf(delimiter)) >= 0) {
                    emit(ctx, buffer.substring(0, at));
                    buffer.delete(0, at + delimiter.length());
                }
            }
            if (running && buffer.length() > 0) {
                emit(ctx, buffer.toString());
            }
        } catch (IOException e) {
            if (running) {
                throw e;
            }
        }
    }

    private void emit(SourceContext<String> ctx, String piece) {
        if ("\n".equals(delimiter) && piece.endsWith("\r")) {
            piece = piece.substring(0, piece.length() - 1);
        }
        ctx.collect(piece);
    }

    @Override
    public void cancel() {
        running = false;
        Socket s = socket;
        if (s != null) {
            try {
                s.close();
            } catch (IOException ignored) {
                // closing only to unblock the reader
            }
        }
    }
}
