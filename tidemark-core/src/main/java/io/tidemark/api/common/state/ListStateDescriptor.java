package io.tidemark.api.common.state;

/** Describes a {@link ListState}. */
public class ListStateDescriptor<T> extends StateDescriptor<ListState<T>, T> {

    private static final long serialVersionUID = 1L;

    private final Class<T> elementClass;

    public ListStateDescriptor(String name, Class<T> elementClass) {
        super(name);
        this.elementClass = elementClass;
    }

    /** The same with the element type as type information ({@code Types.STRING}, a {@code TypeHint}'s). */
    public ListStateDescriptor(String name, io.tidemark.api.common.typeinfo.TypeInformation<T> elementType) {
        this(name, elementType.getTypeClass());
    }

    public Class<T> getElementClass() {
        return elementClass;
    }

    @Override
    public Type getType() {
        return Type.LIST;
    }
}
