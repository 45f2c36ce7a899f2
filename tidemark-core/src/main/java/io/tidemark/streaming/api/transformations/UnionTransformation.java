package io.tidemark.streaming.api.transformations;

import java.util.List;

/**
 * The records of several streams of one type as one stream ({@code DataStream.union}). A virtual node:
 * the operator after it reads all the inputs' channels through one input, and its watermark is the
 * minimum over all of them (idle channels left out), as for any input with several channels.
 */
public final class UnionTransformation<T> extends Transformation<T> {

    private final List<Transformation<T>> inputs;

    public UnionTransformation(List<Transformation<T>> inputs) {
        super("Union");
        if (inputs.size() < 2) {
            throw new IllegalArgumentException("a union needs at least two inputs");
        }
        this.inputs = List.copyOf(inputs);
    }

    /** The unioned streams, in the order given. */
    public List<Transformation<T>> getUnionInputs() {
        return inputs;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.copyOf(inputs);
    }
}
