package io.tidemark.streaming.api.transformations;

import io.tidemark.util.OutputTag;
import java.util.List;

/** The records an operator sends to a side output. A virtual node. */
public final class SideOutputTransformation<T> extends Transformation<T> {

    private final Transformation<?> input;
    private final OutputTag<T> tag;

    public SideOutputTransformation(Transformation<?> input, OutputTag<T> tag) {
        super("side-output:" + tag.getId());
        this.input = input;
        this.tag = tag;
    }

    public Transformation<?> getInput() {
        return input;
    }

    public OutputTag<T> getTag() {
        return tag;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of(input);
    }
}
