package io.tidemark.examples.outoforder;

import io.tidemark.examples.ReplaySource.Arrival;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * The events that the {@code EventSource}s of seeds/003 §4.3 and §8 replay (not shown in the
 * article): an event time, a {@code data} string (the key in §8), and an arrival time.
 */
public final class SampleEvents {

    /** One event and when it reaches the job. */
    public record Row(long arrival, long eventTime, String data) {}

    /** Builds an example's own {@code Event} from a row. */
    @FunctionalInterface
    public interface EventFactory<T> {
        T create(long eventTime, String data);
    }

    private SampleEvents() {}

    public static Row row(String arrival, String eventTime, String data) {
        return new Row(SampleOrders.at(arrival), SampleOrders.at(eventTime), data);
    }

    /**
     * The default rows: 40 events of keys A/B/C, one every 5–25 s from 10:00:00; network delay 0–3 s
     * for most, 5–45 s for one in four, 1–3 minutes for one in twenty; sorted by arrival.
     */
    public static List<Row> defaults() {
        Random random = new Random(11L);
        List<Row> rows = new ArrayList<>();
        long t = Instant.parse("2024-06-01T10:00:00Z").toEpochMilli();
        for (int i = 1; i <= 40; i++) {
            t += 5_000 + random.nextInt(20_001);
            String data = String.valueOf((char) ('A' + random.nextInt(3)));
            int kind = random.nextInt(20);
            long delay = kind < 14 ? random.nextInt(3_001)
                    : kind < 19 ? 5_000 + random.nextInt(40_001)
                    : 60_000 + random.nextInt(120_001);
            rows.add(new Row(t + delay, t, data));
        }
        rows.sort(Comparator.comparingLong(Row::arrival));
        return rows;
    }

    public static <T> List<Arrival<T>> arrivals(List<Row> rows, EventFactory<T> factory) {
        List<Arrival<T>> arrivals = new ArrayList<>(rows.size());
        for (Row r : rows) {
            arrivals.add(new Arrival<>(r.arrival(), factory.create(r.eventTime(), r.data())));
        }
        return arrivals;
    }
}
