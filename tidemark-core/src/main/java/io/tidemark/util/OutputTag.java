package io.tidemark.util;

import io.tidemark.api.common.typeinfo.TypeInformation;
import java.io.Serializable;
import java.util.Objects;

/**
 * Names a side output. Create it as an anonymous subclass, {@code new OutputTag<Order>("late") {}}, or
 * with its type, {@code new OutputTag<>("late", TypeInformation.of(Order.class))}, exactly as in Flink.
 * Two tags are the same side output when their ids are equal. The embedded engine needs no type; the
 * Flink runner gives Flink the declared one.
 */
public class OutputTag<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String id;
    private final TypeInformation<T> typeInfo;

    public OutputTag(String id) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("an OutputTag needs a non-empty id");
        }
        this.id = id;
        this.typeInfo = null;
    }

    /** A tag whose records are of type {@code typeInfo} (no anonymous subclass needed). */
    public OutputTag(String id, TypeInformation<T> typeInfo) {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("an OutputTag needs a non-empty id");
        }
        this.id = id;
        this.typeInfo = Objects.requireNonNull(typeInfo, "TypeInformation cannot be null");
    }

    public String getId() {
        return id;
    }

    /** The records' declared type, or null when the tag was made without one. */
    public TypeInformation<T> getTypeInfo() {
        return typeInfo;
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
