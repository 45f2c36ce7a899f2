package io.tidemark.streaming.api.functions.source;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Emits the elements of a collection, in order, without timestamps; then ends. */
public class FromElementsFunction<T> implements SourceFunction<T>, io.tidemark.api.connector.source.WithBoundedness {

    /** Bounded: the input ends. */
    @Override
    public io.tidemark.api.connector.source.Boundedness getBoundedness() {
        return io.tidemark.api.connector.source.Boundedness.BOUNDED;
    }


    private static final long serialVersionUID = 1L;

    private final List<T> elements;
    private volatile boolean running = true;

    public FromElementsFunction(Collection<T> elements) {
        this.elements = new ArrayList<>(elements);
    }

    public List<T> getElements() {
        return elements;
    }

    @Override
    public void run(SourceContext<T> ctx) {
        for (T e : elements) {
            if (!running) {
                return;
            }
            ctx.collect(e);
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
