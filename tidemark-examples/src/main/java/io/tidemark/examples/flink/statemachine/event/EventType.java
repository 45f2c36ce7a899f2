package io.tidemark.examples.flink.statemachine.event;

/** The type of the event processed by the state machine. */
public enum EventType {
    a,
    b,
    c,
    d,
    e,
    f,
    g
}
