package io.tidemark.streaming.api.transformations;

import io.tidemark.api.java.functions.KeySelector;
import java.util.List;
import java.util.Objects;

/**
 * An operator with one input, described by an {@link OperatorDescription}: engines build the operator
 * from the description, once per subtask.
 */
public final class OneInputTransformation<IN, OUT> extends Transformation<OUT> {

    private final Transformation<IN> input;
    private final OperatorDescription description;
    private KeySelector<IN, ?> keySelector;

    public OneInputTransformation(Transformation<IN> input, String name, OperatorDescription description) {
        super(name);
        this.input = input;
        this.description = Objects.requireNonNull(description, "operator description");
    }

    public Transformation<IN> getInput() {
        return input;
    }

    /** What the operator computes. */
    public OperatorDescription getDescription() {
        return description;
    }

    /** The key selector when this operator runs on a keyed stream, else null. */
    public KeySelector<IN, ?> getKeySelector() {
        return keySelector;
    }

    public void setKeySelector(KeySelector<IN, ?> keySelector) {
        this.keySelector = keySelector;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of(input);
    }
}
