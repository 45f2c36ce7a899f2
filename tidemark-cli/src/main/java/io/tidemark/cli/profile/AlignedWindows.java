package io.tidemark.cli.profile;

import io.tidemark.runtime.operators.windowing.WindowRules;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.Iterator;
import java.util.TreeMap;

/**
 * Tumbling and sliding event-time windows with the event-time trigger, as {@link WindowModel}: per
 * window (by its end) the keys that have it. A record goes into each of its windows that is not late;
 * it is late when all of them are (Flink's rule for sliding windows); a key's window created behind the
 * watermark (within the allowed lateness) fires at once, and every later record into a fired window
 * re-fires it. Cost per record: one set insertion per window it belongs to ({@code size / slide}).
 */
final class AlignedWindows implements WindowModel {

    private static final class Slot {
        final long end;
        final IntSet keys = new IntSet();
        boolean fired;

        Slot(long end) {
            this.end = end;
        }
    }

    private final WindowRules<Object> rules;
    private final long size;
    private final long slide;
    private final long offset;
    private final TreeMap<Long, Slot> slots = new TreeMap<>();
    private final Tally tally = new Tally();
    /** The slot of the previous record: most records fall into the window of the one before. */
    private Slot last;

    AlignedWindows(WindowRules<Object> rules, long size, long slide, long offset) {
        this.rules = rules;
        this.size = size;
        this.slide = slide;
        this.offset = offset;
    }

    @Override
    public void record(int key, long timestamp, long watermark, long now) {
        tally.records++;
        boolean any = false;
        boolean added = false;
        for (long start = TimeWindow.getWindowStartWithOffset(timestamp, offset, slide); start > timestamp - size; start -= slide) {
            any = true;
            long end = start + size;
            if (rules.isWindowLate(end - 1, watermark)) {
                break; // the windows before it end earlier: late too
            }
            added = true;
            Slot s = slot(end, watermark);
            if (s.keys.add(key)) {
                tally.opened(1);
                if (s.fired) {
                    tally.firstFirings(1, end, now, false); // created behind the watermark: fires at once
                }
            } else if (s.fired) {
                tally.reFirings++;
            }
        }
        if (!any) {
            tally.noWindow++;
        } else if (!added) {
            tally.late++;
        }
    }

    private Slot slot(long end, long watermark) {
        Slot s = last;
        if (s == null || s.end != end) {
            s = slots.get(end);
            if (s == null) {
                s = new Slot(end);
                s.fired = end - 1 <= watermark;
                slots.put(end, s);
            }
            last = s;
        }
        return s;
    }

    @Override
    public void watermark(long watermark, long now) {
        for (Iterator<Slot> it = slots.values().iterator(); it.hasNext(); ) {
            Slot s = it.next();
            if (s.end - 1 > watermark) {
                break;
            }
            if (!s.fired) {
                s.fired = true;
                tally.firstFirings(s.keys.size(), s.end, now, watermark == Long.MAX_VALUE);
            }
            if (rules.isWindowLate(s.end - 1, watermark)) {
                it.remove();
                tally.open -= s.keys.size();
                if (s == last) {
                    last = null;
                }
            }
        }
    }

    @Override
    public Tally tally() {
        return tally;
    }
}
