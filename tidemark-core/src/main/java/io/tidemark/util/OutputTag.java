package io.tidemark.util;

import java.io.Serializable;
import java.util.Objects;

/**
 * Names a side output. Create it as an anonymous subclass, {@code new OutputTag<Order>("late") {}},
 * exactly as in Flink. Two tags are the same side output when their ids are equal.
 */
public class OutputTag<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;

    public OutputTag(String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("an OutputTag needs a non-empty id");
        }
        this.id = id;
    }

    public String getId() {
        return id;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OutputTag && ((OutputTag<?>) o).id.equals(id);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(id);
    }

    @Override
    public String toString() {
        return "OutputTag(" + id + ")";
    }
}
