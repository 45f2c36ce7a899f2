package io.tidemark.streaming.api.transformations;

import io.tidemark.api.common.typeinfo.TypeInformation;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.operators.OneInputStreamOperator;
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

    /**
     * The operator, as Flink's {@code getOperator()} gives it: its description, from which a test harness
     * (or an engine) builds the operator, with the user functions this transformation holds.
     */
    public OneInputStreamOperator<IN, OUT> getOperator() {
        return () -> description;
    }

    /** Flink's name of {@link #getKeySelector()}. */
    public KeySelector<IN, ?> getStateKeySelector() {
        return keySelector;
    }

    /**
     * The key's type, as Flink's {@code getStateKeyType()}: the embedded engine needs none, so this is
     * {@code null}; a test harness that takes it ignores it.
     */
    public TypeInformation<?> getStateKeyType() {
        return null;
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
