package io.tidemark.streaming.api.transformations;

import io.tidemark.api.java.functions.KeySelector;
import java.util.List;

/**
 * An operator with one input. The operator is created by a factory once per subtask. The
 * {@code description} object keeps the user-level parts (assigner, functions, lateness …) that a
 * runner needs to translate this node to another engine.
 */
public final class OneInputTransformation<IN, OUT> extends Transformation<OUT> {

    private final Transformation<IN> input;
    private final OperatorFactory<IN, OUT> operatorFactory;
    private final Object description;
    private KeySelector<IN, ?> keySelector;

    public OneInputTransformation(Transformation<IN> input, String name,
            OperatorFactory<IN, OUT> operatorFactory, Object description) {
        super(name);
        this.input = input;
        this.operatorFactory = operatorFactory;
        this.description = description;
    }

    public Transformation<IN> getInput() {
        return input;
    }

    public OperatorFactory<IN, OUT> getOperatorFactory() {
        return operatorFactory;
    }

    /** The user-level description of the operator (see {@link OperatorDescription}). */
    public Object getDescription() {
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
