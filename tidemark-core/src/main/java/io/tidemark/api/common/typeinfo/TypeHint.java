package io.tidemark.api.common.typeinfo;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;

/**
 * Captures a generic type, as Flink's: {@code new TypeHint<Tuple2<String, Integer>>(){}} (an anonymous
 * subclass keeps its type argument at run time).
 */
public abstract class TypeHint<T> {

    private final TypeInformation<T> typeInfo;

    protected TypeHint() {
        Type superclass = getClass().getGenericSuperclass();
        if (!(superclass instanceof ParameterizedType)) {
            throw new IllegalArgumentException("a TypeHint needs its type argument: new TypeHint<MyType>(){}");
        }
        this.typeInfo = new TypeInformation<>(((ParameterizedType) superclass).getActualTypeArguments()[0]) {};
    }

    /** The captured type. */
    public TypeInformation<T> getTypeInfo() {
        return typeInfo;
    }

    @Override
    public String toString() {
        return "TypeHint<" + typeInfo + ">";
    }
}
