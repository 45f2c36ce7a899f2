package io.tidemark.examples;

import io.tidemark.time.ReplayClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The source of {@link OrderStatsJob}, standing in for the seed's Kafka consumer: a deterministic
 * stream of orders of a few users, out of order, with some late ones, replayed in arrival order onto
 * the job's {@link ReplayClock}.
 *
 * <p>Generation (seeded {@link Random}, so every run is the same): order {@code i} happens 5–25 s after
 * order {@code i-1}, starting at {@link #BASE}; its network delay is 0–8 s for 70% of the orders (out of
 * order, but within the 10 s bound), 20–60 s for 20% (behind the watermark: re-fires its window if the
 * window is still within its 30 s allowed lateness, else goes to the late side output) and 60–150 s for
 * the rest. Arrival = event time + delay; the orders are replayed sorted by arrival, each at least 1 s
 * after the previous one (so the 200 ms periodic watermark runs between any two orders).
 */
public class OrderSource extends ReplaySource<OrderEvent> {

    private static final long serialVersionUID = 1L;

    /** 2024-06-01T10:00:00Z, a 5-minute boundary: the first window starts here. */
    public static final long BASE = Instant.parse("2024-06-01T10:00:00Z").toEpochMilli();
    public static final long DEFAULT_SEED = 266L;
    public static final int DEFAULT_COUNT = 48;
    static final String[] USERS = {"alice", "bob", "carol"};

    /** The default stream: {@link #DEFAULT_COUNT} orders generated with {@link #DEFAULT_SEED}. */
    public OrderSource(ReplayClock clock) {
        this(clock, generate(DEFAULT_SEED, DEFAULT_COUNT));
    }

    /** A given stream (for tests): orders with their arrival times, in arrival order. */
    public OrderSource(ReplayClock clock, List<Arrival<OrderEvent>> arrivals) {
        super(clock, arrivals);
    }

    /** {@code count} orders from the seeded generator, in arrival order. */
    public static List<Arrival<OrderEvent>> generate(long seed, int count) {
        Random random = new Random(seed);
        List<Arrival<OrderEvent>> orders = new ArrayList<>();
        long eventTime = BASE;
        for (int i = 1; i <= count; i++) {
            eventTime += 5_000 + random.nextInt(20_001);
            String user = USERS[random.nextInt(USERS.length)];
            double amount = (100 + random.nextInt(19_901)) / 100.0; // 1.00 .. 200.00
            int kind = random.nextInt(10);
            long delay;
            if (kind < 7) {
                delay = random.nextInt(8_001);
            } else if (kind < 9) {
                delay = 20_000 + random.nextInt(40_001);
            } else {
                delay = 60_000 + random.nextInt(90_001);
            }
            orders.add(new Arrival<>(eventTime + delay, new OrderEvent(String.format("o%02d", i), user, eventTime, amount)));
        }
        orders.sort(Comparator.comparingLong(Arrival<OrderEvent>::arrivalTime)); // stable: ties keep generation order
        List<Arrival<OrderEvent>> spaced = new ArrayList<>(orders.size());
        long last = Long.MIN_VALUE;
        for (Arrival<OrderEvent> a : orders) {
            long arrival = last == Long.MIN_VALUE ? a.arrivalTime() : Math.max(a.arrivalTime(), last + 1_000);
            spaced.add(new Arrival<>(arrival, a.record()));
            last = arrival;
        }
        return spaced;
    }
}
