package io.tidemark.streaming.api.windowing.windows;

/** The single window of {@code GlobalWindows}: every element of a key belongs to it. */
public final class GlobalWindow extends Window {

    private static final GlobalWindow INSTANCE = new GlobalWindow();

    private GlobalWindow() {}

    public static GlobalWindow get() {
        return INSTANCE;
    }

    @Override
    public long maxTimestamp() {
        return Long.MAX_VALUE;
    }

    @Override
    public String toString() {
        return "GlobalWindow";
    }
}
