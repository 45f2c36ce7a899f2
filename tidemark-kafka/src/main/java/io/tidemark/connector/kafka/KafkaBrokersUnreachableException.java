package io.tidemark.connector.kafka;

/**
 * The Kafka brokers did not answer when a source or sink started: nothing is listening at the
 * bootstrap servers, or it is not Kafka, or it did not answer in time. (Once running, a source or sink
 * retries a broker that goes away instead.)
 */
public class KafkaBrokersUnreachableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String bootstrapServers;

    public KafkaBrokersUnreachableException(String bootstrapServers, long timeoutMillis, Throwable cause) {
        super("cannot reach the Kafka brokers at " + bootstrapServers + " (bootstrap.servers): no answer within "
                + timeoutMillis + " ms" + (cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")"),
                cause);
        this.bootstrapServers = bootstrapServers;
    }

    public String getBootstrapServers() {
        return bootstrapServers;
    }
}
