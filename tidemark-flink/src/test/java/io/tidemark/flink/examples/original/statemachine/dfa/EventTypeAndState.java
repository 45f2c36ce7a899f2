package io.tidemark.flink.examples.original.statemachine.dfa;

import io.tidemark.flink.examples.original.statemachine.event.EventType;

/** Simple combination of EventType and State. */
public class EventTypeAndState {

    public final EventType eventType;

    public final State state;

    public EventTypeAndState(EventType eventType, State state) {
        this.eventType = eventType;
        this.state = state;
    }
}
