package io.tidemark.monitor;

import static io.tidemark.monitor.MonitorJobs.get;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Slow clients do not hold the monitor off. The attack: sockets that send a request one header line at
 * a time (one every 5 s) held each of the JDK server's two threads, and every {@code /metrics} timed
 * out. Here more such sockets than the server has threads stay open while {@code /metrics} is asked
 * between their lines; a socket that goes silent mid-request is closed after the idle timeout.
 */
class SlowClientsTest {

    /** More than the server's threads. */
    static final int SLOW_CLIENTS = 3 * JobMonitor.HTTP_THREADS;

    @Test
    void metricsAnswerWhileMoreSlowClientsThanThreadsSendTheirHeadersLineByLine() throws Exception {
        try (MetricsEndpointTest.Running r = new MetricsEndpointTest.Running("slow-clients");
                JobMonitor monitor = JobMonitor.start(r.job, MonitorOptions.port(0), r.clock)) {
            String metrics = "http://127.0.0.1:" + monitor.port() + "/metrics";
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < SLOW_CLIENTS; i++) {
                    Socket s = new Socket(InetAddress.getLoopbackAddress(), monitor.port());
                    s.setSoTimeout(20_000);
                    send(s, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n");
                    slow.add(s);
                }
                for (int line = 0; line < 3; line++) {
                    assertThat(get(metrics).statusCode()).as("/metrics with %d slow clients open", slow.size()).isEqualTo(200);
                    for (Socket s : slow) {
                        send(s, "X-Line-" + line + ": still sending\r\n");
                    }
                }
                // a slow client that ends its headers is answered like any other
                send(slow.get(0), "Connection: close\r\n\r\n");
                assertThat(readToEnd(slow.get(0))).startsWith("HTTP/1.1 200 OK").contains("tidemark_operator_numRecordsIn_total");
            } finally {
                for (Socket s : slow) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aClientSilentMidRequestIsClosedAfterTheIdleTimeout() throws Exception {
        try (MetricsEndpointTest.Running r = new MetricsEndpointTest.Running("silent-client");
                JobMonitor monitor = JobMonitor.start(r.job, MonitorOptions.port(0).requestTimeout(Duration.ofMillis(200)), r.clock);
                Socket silent = new Socket(InetAddress.getLoopbackAddress(), monitor.port())) {
            silent.setSoTimeout(20_000); // a bound for the test, far above the idle timeout
            send(silent, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            String answer = readToEnd(silent); // returns at the server's close
            assertThat(answer).satisfiesAnyOf(a -> assertThat(a).isEmpty(), a -> assertThat(a).startsWith("HTTP/1.1 408"));
            assertThat(get("http://127.0.0.1:" + monitor.port() + "/metrics").statusCode()).isEqualTo(200);
        }
    }

    /**
     * A client that keeps sending header lines, each well within the idle timeout, but never ends its
     * request, is closed too: by the second check without a complete request (twice the timeout at most).
     */
    @Test
    void aClientDribblingItsHeadersIsClosedWithinTwiceTheRequestTimeout() throws Exception {
        try (MetricsEndpointTest.Running r = new MetricsEndpointTest.Running("dribbling-client");
                JobMonitor monitor = JobMonitor.start(r.job, MonitorOptions.port(0).requestTimeout(Duration.ofMillis(500)), r.clock);
                Socket dribbler = new Socket(InetAddress.getLoopbackAddress(), monitor.port())) {
            dribbler.setSoTimeout(50); // each poll for the close waits this long: a tenth of the timeout, so it never idles
            send(dribbler, "GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            boolean closed = false;
            for (int line = 0; !closed && System.nanoTime() < deadline; line++) {
                try {
                    send(dribbler, "X-Line-" + line + ": 1\r\n");
                    closed = dribbler.getInputStream().read() < 0;
                } catch (SocketTimeoutException e) {
                    // still open: send the next line
                } catch (IOException e) {
                    closed = true; // reset by the server
                }
            }
            assertThat(closed).as("the dribbling client was closed").isTrue();
        }
    }

    @Test
    void theRequestTimeoutIsPositive() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> MonitorOptions.port(0).requestTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("request timeout");
    }

    private static void send(Socket s, String text) throws IOException {
        s.getOutputStream().write(text.getBytes(US_ASCII));
        s.getOutputStream().flush();
    }

    private static String readToEnd(Socket s) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        InputStream in = s.getInputStream();
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) >= 0; ) {
            out.write(buf, 0, n);
        }
        return out.toString(US_ASCII);
    }
}
