package io.tidemark.monitor;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;

/**
 * The monitor's HTTP server: Jetty's core server (no servlets), bounded so that no client can hold the
 * monitor off, with one {@link Route} per path.
 *
 * <p>Design: Jetty parses requests without blocking. A connection waiting for the rest of its request
 * line or headers holds no thread, only its socket and a buffer; a route runs on a pool thread once its
 * request is complete, so slow clients, however many, leave the threads to complete requests.
 *
 * <p>Bounds:
 * <ul>
 *   <li>threads: {@link JobMonitor#HTTP_THREADS} (one accepts, one selects, the rest answer); more
 *       complete requests than threads wait in the pool's queue.
 *   <li>time: a connection with no bytes in or out for the request timeout (default 30 s) is closed
 *       (Jetty's idle timeout); one that sends bytes but no complete request, and has none being
 *       answered, is closed at the second check after it started (checks every request timeout), so a
 *       client dribbling its headers lasts at most twice the timeout.
 *   <li>request headers: at most 8 KiB (Jetty's default; beyond, 431).
 *   <li>connections: at most {@link #MAX_CONNECTIONS}; beyond, new ones wait in the kernel's accept queue
 *       (the process's file descriptors are the job's too).
 * </ul>
 */
final class MonitorServer implements AutoCloseable {

    /** Open connections at most. */
    static final int MAX_CONNECTIONS = 256;

    /** One answer: status, content type and body; small (a page, a JSON document, a scrape). */
    record Reply(int status, String contentType, Map<String, String> headers, byte[] body) {
        Reply(int status, String contentType, byte[] body) {
            this(status, contentType, Map.of(), body);
        }
    }

    /** What one path answers. Runs on a pool thread; an exception is a 500 naming it. */
    interface Route {
        Reply answer(Request request) throws Exception;
    }

    private final Server server;
    private final ServerConnector connector;
    private final ScheduledExecutorScheduler timer;
    private final Duration requestTimeout;
    private final Map<Connection, long[]> seen = new ConcurrentHashMap<>();

    MonitorServer(InetAddress bind, int port, Duration requestTimeout, Map<String, Route> routes) {
        this.requestTimeout = requestTimeout;
        QueuedThreadPool threads = new QueuedThreadPool(JobMonitor.HTTP_THREADS, JobMonitor.HTTP_THREADS);
        threads.setName("tidemark-monitor-http");
        threads.setDaemon(true);
        threads.setReservedThreads(0);
        this.server = new Server(threads);
        this.timer = new ScheduledExecutorScheduler("tidemark-monitor-timer", true);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        this.connector = new ServerConnector(server, threads, timer, null, 1, 1, new HttpConnectionFactory(http));
        connector.setHost(bind.getHostAddress());
        connector.setPort(port);
        connector.setIdleTimeout(requestTimeout.toMillis());
        server.addConnector(connector);
        server.addBean(new NetworkConnectionLimit(MAX_CONNECTIONS, connector));
        server.setHandler(new Routes(routes));
    }

    /** Listens; a port that cannot be had is an IOException. */
    void start() throws IOException {
        try {
            server.start();
        } catch (IOException e) {
            close();
            throw e;
        } catch (Exception e) {
            close();
            throw new IOException(e.getMessage(), e);
        }
        timer.schedule(this::closeDribblers, requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    int port() {
        return connector.getLocalPort();
    }

    InetSocketAddress address() {
        return new InetSocketAddress(connector.getHost(), port());
    }

    /**
     * Closes each connection that, since the previous check, took in bytes but no complete request and has
     * none being answered; then checks again one request timeout later.
     */
    private void closeDribblers() {
        if (!server.isRunning()) {
            return;
        }
        Map<Connection, long[]> now = new java.util.HashMap<>();
        for (EndPoint e : connector.getConnectedEndPoints()) {
            Connection c = e.getConnection();
            if (c == null) {
                continue;
            }
            long[] was = seen.get(c);
            long in = c.getMessagesIn();
            long bytes = c.getBytesIn();
            boolean answering = in > c.getMessagesOut();
            if (was != null && !answering && in == was[0] && bytes != was[1]) {
                c.close(); // bytes, but no request, for a whole period
            } else {
                now.put(c, new long[] {in, bytes});
            }
        }
        seen.clear();
        seen.putAll(now);
        timer.schedule(this::closeDribblers, requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            // stopping: nothing left to serve
        }
    }

    /** Dispatches a request to its path's route, and writes the route's reply. */
    private static final class Routes extends Handler.Abstract {
        private final Map<String, Route> routes;

        Routes(Map<String, Route> routes) {
            this.routes = Map.copyOf(routes);
        }

        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            Route route = routes.get(request.getHttpURI().getPath());
            Reply reply;
            if (route == null) {
                reply = new Reply(404, "text/plain; charset=utf-8", "not found\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            } else {
                try {
                    reply = route.answer(request);
                } catch (Exception e) {
                    reply = new Reply(500, "text/plain; charset=utf-8", (e + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            response.setStatus(reply.status());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, reply.contentType());
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
            reply.headers().forEach(response.getHeaders()::put);
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, reply.body().length);
            response.write(true, ByteBuffer.wrap(reply.body()), callback); // no body goes out for HEAD
            return true;
        }
    }
}
