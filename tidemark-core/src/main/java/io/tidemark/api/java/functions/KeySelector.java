package io.tidemark.api.java.functions;

import io.tidemark.api.common.functions.Function;

/**
 * Extracts the key of a record. Keys must implement {@code equals} and {@code hashCode}
 * deterministically (records, strings, boxed numbers); arrays and enums' identity hash are rejected.
 */
@FunctionalInterface
public interface KeySelector<IN, KEY> extends Function {
    KEY getKey(IN value) throws Exception;
}
