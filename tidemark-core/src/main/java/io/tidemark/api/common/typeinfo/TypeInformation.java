package io.tidemark.api.common.typeinfo;

import java.io.Serializable;
import java.lang.reflect.Type;
import java.util.Objects;

/**
 * The declared type of a stream's records ({@code returns(...)}, {@code fromData(typeInfo, ...)}).
 * The embedded engine needs none (records pass as objects); the Flink runner gives it to Flink, so
 * records whose class a lambda or a type variable hides still get Flink's serializer for their type.
 * Holds a Java {@link Type}: a class, or a parameterized type from a {@link TypeHint}.
 */
public class TypeInformation<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    private final transient Type type;
    private final String typeName;

    protected TypeInformation(Type type) {
        this.type = Objects.requireNonNull(type, "type");
        this.typeName = type.getTypeName();
    }

    /** The type information of a class. */
    public static <T> TypeInformation<T> of(Class<T> typeClass) {
        return new TypeInformation<>(typeClass);
    }

    /** The type information a hint captures ({@code new TypeHint<Tuple2<String, Integer>>(){}}). */
    public static <T> TypeInformation<T> of(TypeHint<T> typeHint) {
        return typeHint.getTypeInfo();
    }

    /** The Java type (null after the information was serialized; the name stays). */
    public Type getType() {
        return type;
    }

    /** The class of the records (the raw class of a parameterized type), or null after serialization. */
    @SuppressWarnings("unchecked")
    public Class<T> getTypeClass() {
        Type t = type;
        if (t instanceof java.lang.reflect.ParameterizedType) {
            t = ((java.lang.reflect.ParameterizedType) t).getRawType();
        }
        return t instanceof Class ? (Class<T>) t : null;
    }

    /**
     * A serializer of this type, where Flink's API asks for one (for example {@code DeltaTrigger.of}):
     * the embedded engine keeps records and state as objects and never calls it; on Flink the runner
     * uses Flink's serializer of the stream's type instead.
     */
    public io.tidemark.api.common.typeutils.TypeSerializer<T> createSerializer(
            io.tidemark.api.common.serialization.SerializerConfig config) {
        return new io.tidemark.api.common.typeutils.TypeSerializer<T>() {
            private static final long serialVersionUID = 1L;

            @Override
            public String toString() {
                return "TypeSerializer(" + typeName + ")";
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TypeInformation && ((TypeInformation<?>) o).typeName.equals(typeName);
    }

    @Override
    public int hashCode() {
        return typeName.hashCode();
    }

    @Override
    public String toString() {
        return typeName;
    }
}
