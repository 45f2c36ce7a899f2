package io.tidemark.flink;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A serializable scripted source for either engine: records with timestamps, watermarks, idleness,
 * and waits on named latches (a static registry of this JVM: Flink's MiniCluster runs in-process), so a
 * test can order what two sources emit relative to what an operator already did.
 */
final class Script<T> implements SourceFunction<T> {

    private static final long serialVersionUID = 1L;
    private static final Map<String, CountDownLatch> LATCHES = new ConcurrentHashMap<>();

    private final List<Object[]> steps = new ArrayList<>();
    private volatile boolean running = true;

    /** A new latch of {@code count}, by name. */
    static String latch(int count) {
        String name = UUID.randomUUID().toString();
        LATCHES.put(name, new CountDownLatch(count));
        return name;
    }

    static void countDown(String latch) {
        LATCHES.get(latch).countDown();
    }

    Script<T> record(T value, long timestamp) {
        steps.add(new Object[] {"t", value, timestamp});
        return this;
    }

    Script<T> watermark(long timestamp) {
        steps.add(new Object[] {"w", timestamp});
        return this;
    }

    Script<T> idle() {
        steps.add(new Object[] {"i"});
        return this;
    }

    /** Waits (at most 60 s) until the latch {@code name} was counted down to zero. */
    Script<T> await(String name) {
        steps.add(new Object[] {"a", name});
        return this;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void run(SourceContext<T> ctx) throws Exception {
        for (Object[] step : steps) {
            if (!running) {
                return;
            }
            switch ((String) step[0]) {
                case "t":
                    ctx.collectWithTimestamp((T) step[1], (Long) step[2]);
                    break;
                case "w":
                    ctx.emitWatermark(new Watermark((Long) step[1]));
                    break;
                case "i":
                    ctx.markAsTemporarilyIdle();
                    break;
                default:
                    LATCHES.get((String) step[1]).await(60, TimeUnit.SECONDS);
            }
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
