package io.tidemark.streaming.api.transformations;

import io.tidemark.api.java.functions.KeySelector;
import java.util.List;
import java.util.Objects;

/**
 * An operator with two inputs ({@code connect}), described by a {@link TwoInputOperatorDescription}.
 * Each input may be keyed on its own: both for keyed connected streams, only the first for a keyed
 * stream connected with a broadcast stream.
 */
public final class TwoInputTransformation<IN1, IN2, OUT> extends Transformation<OUT> {

    private final Transformation<IN1> input1;
    private final Transformation<IN2> input2;
    private final TwoInputOperatorDescription description;
    private final KeySelector<IN1, ?> keySelector1;
    private final KeySelector<IN2, ?> keySelector2;

    public TwoInputTransformation(Transformation<IN1> input1, Transformation<IN2> input2, String name,
            TwoInputOperatorDescription description, KeySelector<IN1, ?> keySelector1, KeySelector<IN2, ?> keySelector2) {
        super(name);
        this.input1 = Objects.requireNonNull(input1, "first input");
        this.input2 = Objects.requireNonNull(input2, "second input");
        this.description = Objects.requireNonNull(description, "operator description");
        this.keySelector1 = keySelector1;
        this.keySelector2 = keySelector2;
    }

    public Transformation<IN1> getInput1() {
        return input1;
    }

    public Transformation<IN2> getInput2() {
        return input2;
    }

    /** What the operator computes. */
    public TwoInputOperatorDescription getDescription() {
        return description;
    }

    /** The first input's key selector when it is keyed, else null. */
    public KeySelector<IN1, ?> getKeySelector1() {
        return keySelector1;
    }

    /** The second input's key selector when it is keyed, else null. */
    public KeySelector<IN2, ?> getKeySelector2() {
        return keySelector2;
    }

    /** Whether the operator has keyed state and timers (its first input is keyed). */
    public boolean isKeyed() {
        return keySelector1 != null;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of(input1, input2);
    }
}
