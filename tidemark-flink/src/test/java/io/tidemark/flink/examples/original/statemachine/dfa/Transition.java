package io.tidemark.flink.examples.original.statemachine.dfa;

import io.tidemark.flink.examples.original.statemachine.event.EventType;
import java.io.Serializable;

/** A possible transition on a given event into a target state. The transition belongs to its originating state and has an associated probability that is used to generate random transition events. */
public class Transition implements Serializable {

    private static final long serialVersionUID = 1L;

    private final EventType eventType;

    private final State targetState;

    private final float prob;

    /**
     * Creates a new transition.
     *
     * @param eventType The event that triggers the transition.
     * @param targetState The target state after the transition.
     * @param prob The probability of the transition.
     */
    public Transition(EventType eventType, State targetState, float prob) {
        this.eventType = eventType;
        this.targetState = targetState;
        this.prob = prob;
    }

    public EventType eventType() {
        return eventType;
    }

    public State targetState() {
        return targetState;
    }

    public float prob() {
        return prob;
    }

    @Override
    public String toString() {
        return "--[" + eventType.name() + "]--> " + targetState.name() + " (" + prob + ')';
    }
}
