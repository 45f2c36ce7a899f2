package io.tidemark.connector.kafka;

import io.tidemark.connector.kafka.broker.LocalKafkaBroker;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One real broker for every test class of this module (they run one after the other in one JVM):
 * started on first use, closed when the JVM ends. Each test uses topics of its own.
 */
public final class SharedBroker {

    private static LocalKafkaBroker broker;
    private static final AtomicInteger TOPICS = new AtomicInteger();

    private SharedBroker() {}

    public static synchronized LocalKafkaBroker get() {
        if (broker == null) {
            LocalKafkaBroker b = LocalKafkaBroker.start();
            Runtime.getRuntime().addShutdownHook(new Thread(b::close, "local-kafka-broker-close"));
            broker = b;
        }
        return broker;
    }

    /** A new topic named after {@code name}, with {@code partitions} partitions. */
    public static String topic(String name, int partitions) {
        String topic = name + "-" + TOPICS.incrementAndGet();
        get().createTopic(topic, partitions);
        return topic;
    }

    /**
     * Waits until {@code condition} holds, checking every millisecond or so, for at most {@code timeout}
     * (a bounded wait for the broker and the consumer, never a sleep for the engine).
     */
    public static void await(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for " + what);
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }
}
