package io.tidemark.streaming.api.windowing.assigners;

import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.util.ArrayList;
import java.util.List;

/** The arithmetic shared by the event-time and processing-time sliding assigners. */
final class SlidingWindows {

    private SlidingWindows() {}

    static void validate(String assigner, long size, long slide, long offset) {
        if (size <= 0 || slide <= 0 || Math.abs(offset) >= slide) {
            throw new IllegalArgumentException(
                    assigner + " parameters must satisfy size > 0, slide > 0 and abs(offset) < slide, got size="
                            + size + ", slide=" + slide + ", offset=" + offset);
        }
    }

    /** Every window {@code [start, start + size)} containing {@code timestamp}, latest start first. */
    static List<TimeWindow> windowsContaining(long timestamp, long size, long slide, long offset) {
        List<TimeWindow> windows = new ArrayList<>((int) Math.min(Integer.MAX_VALUE, size / slide + 1));
        long lastStart = TimeWindow.getWindowStartWithOffset(timestamp, offset, slide);
        for (long start = lastStart; start > timestamp - size; start -= slide) {
            windows.add(new TimeWindow(start, start + size));
        }
        return windows;
    }
}
