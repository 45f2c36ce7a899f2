package io.tidemark.streaming.api.windowing.windows;

/** A group of elements that is evaluated together. Windows are values: equal windows are one window. */
public abstract class Window {

    /** The largest timestamp that still belongs to this window. */
    public abstract long maxTimestamp();
}
