package io.tidemark.streaming.api.windowing.triggers;

/** What a trigger decides for a window. */
public enum TriggerResult {
    /** Do nothing. */
    CONTINUE(false, false),
    /** Evaluate the window function and emit, then clear the window's contents. */
    FIRE_AND_PURGE(true, true),
    /** Evaluate the window function and emit; keep the contents. */
    FIRE(true, false),
    /** Clear the window's contents without emitting. */
    PURGE(false, true);

    private final boolean fire;
    private final boolean purge;

    TriggerResult(boolean fire, boolean purge) {
        this.fire = fire;
        this.purge = purge;
    }

    public boolean isFire() {
        return fire;
    }

    public boolean isPurge() {
        return purge;
    }
}
