package io.tidemark.flink.examples.original.statemachine.generator;

import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import io.tidemark.flink.examples.original.statemachine.event.Event;

/** A generator function that produces the events on the fly. Useful for self-contained demos. */
@SuppressWarnings("serial")
public class EventsGeneratorFunction implements GeneratorFunction<Long, Event> {

    private final double errorProbability;
    private final long seed;

    transient EventsGenerator generator;
    private int min;
    private int max;

    public EventsGeneratorFunction(double errorProbability, long seed) {
        if (errorProbability < 0.0 || errorProbability > 1.0) {
            throw new IllegalArgumentException("error probability must be in [0.0, 1.0]");
        }
        this.errorProbability = errorProbability;
        this.seed = seed;
    }

    @Override
    public void open(SourceReaderContext readerContext) throws Exception {
        final int range = Integer.MAX_VALUE / readerContext.currentParallelism();
        min = range * readerContext.getIndexOfSubtask();
        max = min + range;
        generator = new EventsGenerator(errorProbability, seed + readerContext.getIndexOfSubtask());
    }

    @Override
    public Event map(Long value) throws Exception {
        return generator.next(min, max);
    }
}
