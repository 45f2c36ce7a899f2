package io.tidemark.api.common.state;

/** Describes a {@link ValueState}. */
public class ValueStateDescriptor<T> extends StateDescriptor<ValueState<T>, T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> typeClass;
    private final T defaultValue;

    public ValueStateDescriptor(String name, Class<T> typeClass) {
        this(name, typeClass, null);
    }

    /** A value state whose {@code value()} is {@code defaultValue} until it is set. */
    public ValueStateDescriptor(String name, Class<T> typeClass, T defaultValue) {
        super(name);
        this.typeClass = typeClass;
        this.defaultValue = defaultValue;
    }

    /** The same with the value type as type information ({@code Types.LONG}, a {@code TypeHint}'s). */
    public ValueStateDescriptor(String name, io.tidemark.api.common.typeinfo.TypeInformation<T> typeInfo) {
        this(name, typeInfo.getTypeClass(), null);
    }

    public Class<T> getTypeClass() {
        return typeClass;
    }

    public T getDefaultValue() {
        return defaultValue;
    }

    @Override
    public Type getType() {
        return Type.VALUE;
    }
}
