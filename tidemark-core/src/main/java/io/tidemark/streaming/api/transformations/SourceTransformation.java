package io.tidemark.streaming.api.transformations;

import java.util.List;
import java.util.Objects;

/** A source of records. */
public final class SourceTransformation<T> extends Transformation<T> {

    private final SourceDescription description;

    public SourceTransformation(String name, SourceDescription description) {
        super(name);
        this.description = Objects.requireNonNull(description, "source description");
    }

    /** What the source reads. */
    public SourceDescription getDescription() {
        return description;
    }

    @Override
    public List<Transformation<?>> getInputs() {
        return List.of();
    }
}
