package io.tidemark.flink.examples.original.statemachine.generator;

import io.tidemark.flink.examples.original.statemachine.dfa.EventTypeAndState;
import io.tidemark.flink.examples.original.statemachine.dfa.State;
import io.tidemark.flink.examples.original.statemachine.event.Event;
import io.tidemark.flink.examples.original.statemachine.event.EventType;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map.Entry;
import java.util.Random;

/**
 * A generator for events. The generator internally maintains a series of state machines (addresses
 * and current associated state) and returns transition events from those state machines. Each time
 * the next event is generated, this generator picks a random state machine and creates a random
 * transition on that state machine.
 *
 * <p>The generator randomly adds new state machines, and removes state machines as soon as they reach
 * the terminal state. This implementation maintains up to 1000 state machines concurrently.
 */
public class EventsGenerator {

    /** The random number generator. */
    private final Random rnd;

    /** The currently active state machines. */
    private final LinkedHashMap<Integer, State> states;

    /** Probability with this generator generates an illegal state transition. */
    private final double errorProb;

    public EventsGenerator(double errorProb, long seed) {
        if (errorProb < 0.0 || errorProb > 1.0) {
            throw new IllegalArgumentException("Invalid error probability");
        }
        this.errorProb = errorProb;

        this.rnd = new Random(seed);
        this.states = new LinkedHashMap<>();
    }

    /**
     * Creates a new random event. This method randomly pick either one of its currently running state
     * machines, or start a new state machine for a random IP address.
     *
     * <p>With {@link #errorProb} probability, the generated event will be from an illegal state
     * transition of one of the currently running state machines.
     */
    public Event next(int minIp, int maxIp) {
        final double p = rnd.nextDouble();

        if (p * 1000 >= states.size()) {
            // create a new state machine
            final int nextIP = rnd.nextInt(maxIp - minIp) + minIp;

            if (!states.containsKey(nextIP)) {
                EventTypeAndState eventAndState = State.Initial.randomTransition(rnd);
                states.put(nextIP, eventAndState.state);
                return new Event(eventAndState.eventType, nextIP);
            } else {
                // collision on IP address, try again
                return next(minIp, maxIp);
            }
        } else {
            // pick an existing state machine

            // skip over some elements in the linked map, then take the next
            // update it, and insert it at the end

            int numToSkip = Math.min(20, rnd.nextInt(states.size()));
            Iterator<Entry<Integer, State>> iter = states.entrySet().iterator();

            for (int i = numToSkip; i > 0; --i) {
                iter.next();
            }

            Entry<Integer, State> entry = iter.next();
            State currentState = entry.getValue();
            int address = entry.getKey();

            iter.remove();

            if (p < errorProb) {
                EventType event = currentState.randomInvalidTransition(rnd);
                return new Event(event, address);
            } else {
                EventTypeAndState eventAndState = currentState.randomTransition(rnd);
                if (!eventAndState.state.isTerminal()) {
                    // reinsert
                    states.put(address, eventAndState.state);
                }

                return new Event(eventAndState.eventType, address);
            }
        }
    }
}
