package io.tidemark.flink.examples.original.statemachine;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import io.tidemark.flink.examples.original.statemachine.dfa.State;
import io.tidemark.flink.examples.original.statemachine.event.Alert;
import io.tidemark.flink.examples.original.statemachine.event.Event;
import io.tidemark.flink.examples.original.statemachine.generator.EventsGeneratorFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;

/**
 * Main class of the state machine example. This class implements the streaming application that
 * receives the stream of events and evaluates a state machine (per originating address) to validate
 * that the events follow the state machine's rules.
 *
 * <p>Flink's example with its built-in generator only (no Kafka source, no file sink, no command-line
 * parameters): a bounded number of events from a seeded generator, so that every run prints the same
 * alerts.
 */
public class StateMachineExample {

    public static void main(String[] args) throws Exception {
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();

        final double errorRate = 0.05;
        final long numberOfEvents = 20_000;
        System.out.printf("Using standalone source with error rate %f and %d events%n", errorRate, numberOfEvents);
        System.out.println();

        GeneratorFunction<Long, Event> generatorFunction = new EventsGeneratorFunction(errorRate, 42L);
        DataGeneratorSource<Event> eventGeneratorSource = new DataGeneratorSource<>(
                generatorFunction, numberOfEvents, RateLimiterStrategy.noOp(), TypeInformation.of(Event.class));

        final DataStream<Event> events =
                env.fromSource(eventGeneratorSource, WatermarkStrategy.noWatermarks(), "Events Generator Source");

        // ---- main program ----

        DataStream<Alert> alerts = events
                // partition on the address to make sure equal addresses
                // end up in the same state machine flatMap function
                .keyBy(Event::sourceAddress)

                // the function that evaluates the state machine over the sequence of events
                .flatMap(new StateMachineMapper());

        // output the alerts to std-out
        alerts.print();

        // trigger program execution
        env.execute("State machine job");
    }

    /**
     * The function that maintains the per-IP-address state machines and verifies that the events are
     * consistent with the current state of the state machine. If the event is not consistent with the
     * current state, the function produces an alert.
     */
    @SuppressWarnings("serial")
    static class StateMachineMapper extends RichFlatMapFunction<Event, Alert> {

        /** The state for the current key. */
        private ValueState<State> currentState;

        @Override
        public void open(OpenContext openContext) {
            // get access to the state object
            currentState = getRuntimeContext().getState(new ValueStateDescriptor<>("state", State.class));
        }

        @Override
        public void flatMap(Event evt, Collector<Alert> out) throws Exception {
            // get the current state for the key (source address)
            // if no state exists, yet, the state must be the state machine's initial state
            State state = currentState.value();
            if (state == null) {
                state = State.Initial;
            }

            // ask the state machine what state we should go to based on the given event
            State nextState = state.transition(evt.type());

            if (nextState == State.InvalidTransition) {
                // the current event resulted in an invalid transition
                // raise an alert!
                out.collect(new Alert(evt.sourceAddress(), state, evt.type()));
            } else if (nextState.isTerminal()) {
                // we reached a terminal state, clean up the current state
                currentState.clear();
            } else {
                // remember the new state
                currentState.update(nextState);
            }
        }
    }
}
