package io.tidemark.monitor;

import io.prometheus.metrics.exporter.common.PrometheusHttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpRequest;
import io.prometheus.metrics.exporter.common.PrometheusHttpResponse;
import io.prometheus.metrics.exporter.common.PrometheusScrapeHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.server.Request;

/**
 * {@code /metrics}: the Prometheus client's scrape handler (its content negotiation — text, OpenMetrics,
 * protobuf — its {@code name[]} filter and gzip) on the monitor's server. The scrape is written to memory
 * and sent as one reply.
 */
final class ScrapeRoute implements MonitorServer.Route {

    private final PrometheusScrapeHandler scrape;

    ScrapeRoute(PrometheusRegistry registry) {
        this.scrape = new PrometheusScrapeHandler(registry);
    }

    @Override
    public MonitorServer.Reply answer(Request request) throws IOException {
        Exchange exchange = new Exchange(request);
        scrape.handleRequest(exchange);
        return exchange.reply();
    }

    /** One scrape: the request as the handler asks for it, and what it answers. */
    private static final class Exchange implements PrometheusHttpExchange, PrometheusHttpRequest, PrometheusHttpResponse {
        private final Request request;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private int status = 500;

        Exchange(Request request) {
            this.request = request;
        }

        MonitorServer.Reply reply() {
            String type = headers.remove("Content-Type");
            return new MonitorServer.Reply(status, type == null ? "text/plain; charset=utf-8" : type, headers, body.toByteArray());
        }

        @Override
        public PrometheusHttpRequest getRequest() {
            return this;
        }

        @Override
        public PrometheusHttpResponse getResponse() {
            return this;
        }

        @Override
        public String getQueryString() {
            return request.getHttpURI().getQuery();
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            return Collections.enumeration(request.getHeaders().getValuesList(name));
        }

        @Override
        public String getMethod() {
            return request.getMethod();
        }

        @Override
        public String getRequestPath() {
            return request.getHttpURI().getPath();
        }

        @Override
        public void setHeader(String name, String value) {
            headers.put(name, value);
        }

        @Override
        public OutputStream sendHeadersAndGetBody(int statusCode, int contentLength) {
            this.status = statusCode;
            return body;
        }

        @Override
        public void handleException(IOException e) throws IOException {
            throw e;
        }

        @Override
        public void handleException(RuntimeException e) {
            throw e;
        }

        @Override
        public void close() {
            // the reply goes out from reply()
        }
    }
}
