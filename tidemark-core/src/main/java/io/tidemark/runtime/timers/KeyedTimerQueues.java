package io.tidemark.runtime.timers;

import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

/**
 * Event-time timers kept per key, for per-key watermarks: a {@link TimerQueue} per key (in order of the
 * keys' first timer), so that one key's watermark fires that key's timers in O(log its timers) each,
 * whatever the other keys hold. A queue goes with its key's last timer. Cost ≈ 200 B per key with timers.
 * {@link #pollUpTo(long)} (a watermark for all keys) takes the keys in order, each key's timers in time
 * order.
 */
final class KeyedTimerQueues implements EventTimers {

    private final Map<Object, TimerQueue> byKey = new LinkedHashMap<>();
    private int size;

    @Override
    public boolean add(long time, Object key, Object namespace) {
        if (byKey.computeIfAbsent(key, k -> new TimerQueue()).add(time, key, namespace)) {
            size++;
            return true;
        }
        return false;
    }

    @Override
    public boolean remove(long time, Object key, Object namespace) {
        TimerQueue q = byKey.get(key);
        if (q != null && q.remove(time, key, namespace)) {
            size--;
            if (q.size() == 0) {
                byKey.remove(key);
            }
            return true;
        }
        return false;
    }

    /** Removes and returns {@code key}'s earliest timer if it is at most {@code upTo}, else null. */
    Timer pollUpTo(Object key, long upTo) {
        TimerQueue q = byKey.get(key);
        if (q == null) {
            return null;
        }
        Timer t = q.pollUpTo(upTo);
        if (t != null) {
            size--;
            if (q.size() == 0) {
                byKey.remove(key);
            }
        }
        return t;
    }

    @Override
    public Timer pollUpTo(long upTo) {
        Iterator<Map.Entry<Object, TimerQueue>> it = byKey.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<Object, TimerQueue> e = it.next();
            Timer t = e.getValue().pollUpTo(upTo);
            if (t != null) {
                size--;
                if (e.getValue().size() == 0) {
                    it.remove();
                }
                return t;
            }
        }
        return null;
    }

    @Override
    public long peekTime() {
        long min = Long.MAX_VALUE;
        for (TimerQueue q : byKey.values()) {
            min = Math.min(min, q.peekTime());
        }
        return min;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void forEach(BiConsumer<Object, Object> action) {
        for (TimerQueue q : byKey.values()) {
            q.forEach(action);
        }
    }

    /** The keys in order, each with its queue's timers. */
    @Override
    public void snapshot(StateOutput out) throws IOException {
        out.writeInt(byKey.size());
        for (Map.Entry<Object, TimerQueue> e : byKey.entrySet()) {
            out.writeValue(e.getKey());
            e.getValue().snapshot(out);
        }
    }

    @Override
    public void restore(StateInput in, Predicate<Object> keys) throws IOException {
        for (int n = in.readInt(); n > 0; n--) {
            Object key = in.readValue();
            TimerQueue q = new TimerQueue();
            q.restore(in, keys);
            if (q.size() > 0) {
                byKey.put(key, q);
                size += q.size();
            }
        }
    }
}
