package io.tidemark.api.connector.source;

/** Whether a source's input ends (Flink's {@code Boundedness}): only bounded sources run in BATCH mode. */
public enum Boundedness {
    /** The input ends: the source finishes once it has read it all. */
    BOUNDED,
    /** The input may never end: the source runs until cancelled. */
    CONTINUOUS_UNBOUNDED
}
