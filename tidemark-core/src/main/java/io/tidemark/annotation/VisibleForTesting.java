package io.tidemark.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Target;

/**
 * Marks a member whose visibility was widened only so that tests can reach it (Flink's
 * {@code org.apache.flink.annotation.VisibleForTesting}: same targets; kept in class files, not at run
 * time, as Flink's).
 */
@Documented
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.CONSTRUCTOR})
@Internal
public @interface VisibleForTesting {}
