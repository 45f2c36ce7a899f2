package io.tidemark.streaming.api.transformations;

import io.tidemark.streaming.api.functions.source.SourceFunction;
import java.util.List;

/** A source of records. */
public final class SourceTransformation<T> extends Transformation<T> {

    private final SourceFunction<T> function;

    public SourceTransformation(String name, SourceFunction<T> function) {
        super(name);
        this.function = function;
    }

    public SourceFunction<T> getFunction() {
        return function;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of();
    }
}
