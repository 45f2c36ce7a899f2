package io.tidemark.api.common.typeinfo;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The common {@link TypeInformation}s by name, as Flink's {@code Types}. */
public final class Types {

    public static final TypeInformation<Void> VOID = TypeInformation.of(Void.class);
    public static final TypeInformation<String> STRING = TypeInformation.of(String.class);
    public static final TypeInformation<Byte> BYTE = TypeInformation.of(Byte.class);
    public static final TypeInformation<Boolean> BOOLEAN = TypeInformation.of(Boolean.class);
    public static final TypeInformation<Short> SHORT = TypeInformation.of(Short.class);
    public static final TypeInformation<Integer> INT = TypeInformation.of(Integer.class);
    public static final TypeInformation<Long> LONG = TypeInformation.of(Long.class);
    public static final TypeInformation<Float> FLOAT = TypeInformation.of(Float.class);
    public static final TypeInformation<Double> DOUBLE = TypeInformation.of(Double.class);
    public static final TypeInformation<Character> CHAR = TypeInformation.of(Character.class);
    public static final TypeInformation<BigDecimal> BIG_DEC = TypeInformation.of(BigDecimal.class);
    public static final TypeInformation<BigInteger> BIG_INT = TypeInformation.of(BigInteger.class);
    public static final TypeInformation<Instant> INSTANT = TypeInformation.of(Instant.class);
    public static final TypeInformation<LocalDate> LOCAL_DATE = TypeInformation.of(LocalDate.class);
    public static final TypeInformation<LocalDateTime> LOCAL_DATE_TIME = TypeInformation.of(LocalDateTime.class);

    private Types() {}

    /** A tuple of the given field types ({@code Types.TUPLE(Types.STRING, Types.INT)}). */
    public static <T> TypeInformation<T> TUPLE(TypeInformation<?>... fieldTypes) {
        Class<?> raw = io.tidemark.api.java.tuple.Tuple.getTupleClass(fieldTypes.length);
        return new TypeInformation<>(parameterized(raw, Arrays.stream(fieldTypes).map(TypeInformation::getType).toArray(Type[]::new))) {};
    }

    /** A POJO class. */
    public static <T> TypeInformation<T> POJO(Class<T> pojoClass) {
        return TypeInformation.of(pojoClass);
    }

    /** Any class, serialized generically. */
    public static <T> TypeInformation<T> GENERIC(Class<T> genericClass) {
        return TypeInformation.of(genericClass);
    }

    /** A list of elements of the given type. */
    public static <E> TypeInformation<List<E>> LIST(TypeInformation<E> elementType) {
        return new TypeInformation<>(parameterized(List.class, elementType.getType())) {};
    }

    /** A map of the given key and value types. */
    public static <K, V> TypeInformation<Map<K, V>> MAP(TypeInformation<K> keyType, TypeInformation<V> valueType) {
        return new TypeInformation<>(parameterized(Map.class, keyType.getType(), valueType.getType())) {};
    }

    private static ParameterizedType parameterized(Class<?> raw, Type... arguments) {
        return new ParameterizedType() {
            @Override
            public Type[] getActualTypeArguments() {
                return arguments.clone();
            }

            @Override
            public Type getRawType() {
                return raw;
            }

            @Override
            public Type getOwnerType() {
                return null;
            }

            @Override
            public String getTypeName() {
                StringBuilder s = new StringBuilder(raw.getTypeName()).append('<');
                for (int i = 0; i < arguments.length; i++) {
                    s.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
                }
                return s.append('>').toString();
            }
        };
    }
}
