package io.tidemark.api.common.state;

/** Describes a {@link MapState}. */
public class MapStateDescriptor<K, V> extends StateDescriptor<MapState<K, V>, java.util.Map<K, V>> {

    private static final long serialVersionUID = 1L;

    private final Class<K> keyClass;
    private final Class<V> valueClass;

    public MapStateDescriptor(String name, Class<K> keyClass, Class<V> valueClass) {
        super(name);
        this.keyClass = keyClass;
        this.valueClass = valueClass;
    }

    /** The same with the key and value types as type information ({@code BasicTypeInfo.STRING_TYPE_INFO}, a {@code TypeHint}'s). */
    public MapStateDescriptor(String name, io.tidemark.api.common.typeinfo.TypeInformation<K> keyType,
            io.tidemark.api.common.typeinfo.TypeInformation<V> valueType) {
        this(name, keyType.getTypeClass(), valueType.getTypeClass());
    }

    public Class<K> getKeyClass() {
        return keyClass;
    }

    public Class<V> getValueClass() {
        return valueClass;
    }

    @Override
    public Type getType() {
        return Type.MAP;
    }
}
