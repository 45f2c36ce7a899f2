package io.tidemark.examples.outoforder;

import io.tidemark.examples.ReplaySource.Arrival;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The orders that the {@code OrderSource}s of seeds/003 §5–§7 replay (the article does not show its
 * {@code OrderSource}). Each example has its own nested {@code Order} class, so each has its own
 * nested {@code OrderSource}, built from these rows.
 */
public final class SampleOrders {

    /** 2024-06-01T10:00:00Z. */
    public static final long BASE = Instant.parse("2024-06-01T10:00:00Z").toEpochMilli();

    /** One order: who, how much, when it happened, and when it reaches the job. */
    public record Row(long arrival, String userId, double amount, long timestamp) {}

    /** Builds an example's own {@code Order} from a row. */
    @FunctionalInterface
    public interface OrderFactory<T> {
        T create(String userId, double amount, long timestamp);
    }

    private SampleOrders() {}

    /** A row from times of day on 2024-06-01 ({@code "10:04:50"}). */
    public static Row row(String arrival, String userId, double amount, String timestamp) {
        return new Row(at(arrival), userId, amount, at(timestamp));
    }

    static long at(String hhmmss) {
        return Instant.parse("2024-06-01T" + hhmmss + "Z").toEpochMilli();
    }

    /**
     * The default rows: 36 orders of u1/u2/u3, one every 10–40 s from 10:00:00; delays 0–4 s for most,
     * 10–40 s for one in five, 1–7 minutes for one in ten; sorted by arrival.
     */
    public static List<Row> defaults() {
        Random random = new Random(3L);
        List<Row> rows = new ArrayList<>();
        long t = BASE;
        for (int i = 1; i <= 36; i++) {
            t += 10_000 + random.nextInt(30_001);
            String user = "u" + (1 + random.nextInt(3));
            double amount = (100 + random.nextInt(9_901)) / 100.0;
            int kind = random.nextInt(10);
            long delay = kind < 7 ? random.nextInt(4_001)
                    : kind < 9 ? 10_000 + random.nextInt(30_001)
                    : 60_000 + random.nextInt(360_001);
            rows.add(new Row(t + delay, user, amount, t));
        }
        rows.sort(Comparator.comparingLong(Row::arrival));
        return rows;
    }

    /** The rows as arrivals of an example's {@code Order}. */
    public static <T> List<Arrival<T>> arrivals(List<Row> rows, OrderFactory<T> factory) {
        List<Arrival<T>> arrivals = new ArrayList<>(rows.size());
        for (Row r : rows) {
            arrivals.add(new Arrival<>(r.arrival(), factory.create(r.userId(), r.amount(), r.timestamp())));
        }
        return arrivals;
    }
}
