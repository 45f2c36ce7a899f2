package io.tidemark.examples.etl;

import io.tidemark.examples.ReplaySource;
import io.tidemark.time.ReplayClock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * seeds/001's {@code MySource} (not shown there): {@link MyEvent}s replayed in arrival order onto the
 * job's {@link ReplayClock}, each emitted with its event time as record timestamp, as a Kafka source
 * attaches the record's timestamp (so a strategy without a timestamp assigner, §4.3.2, works too).
 */
public class MySource extends ReplaySource<MyEvent> {

    private static final long serialVersionUID = 1L;

    /** 2024-06-01T10:00:00Z. */
    public static final long BASE = Instant.parse("2024-06-01T10:00:00Z").toEpochMilli();

    /** The default events: 30 events of u1/u2, every 4th one marked, some of them 1–5 minutes late. */
    public MySource(ReplayClock clock) {
        this(clock, generate(7L, 30));
    }

    public MySource(ReplayClock clock, List<Arrival<MyEvent>> arrivals) {
        super(clock, arrivals, MyEvent::getEventTime);
    }

    /** {@code count} events 10–30 s apart; delays 0–4 s, or 60–300 s for one in six; in arrival order. */
    public static List<Arrival<MyEvent>> generate(long seed, int count) {
        Random random = new Random(seed);
        List<Arrival<MyEvent>> events = new ArrayList<>();
        long eventTime = BASE;
        for (int i = 1; i <= count; i++) {
            eventTime += 10_000 + random.nextInt(20_001);
            String user = random.nextBoolean() ? "u1" : "u2";
            long delay = random.nextInt(6) == 0 ? 60_000 + random.nextInt(240_001) : random.nextInt(4_001);
            events.add(new Arrival<>(eventTime + delay, new MyEvent(user, eventTime, i, i % 4 == 0)));
        }
        events.sort(Comparator.comparingLong(Arrival<MyEvent>::arrivalTime));
        return events;
    }
}
