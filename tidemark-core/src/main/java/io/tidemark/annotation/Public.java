package io.tidemark.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class as public, stable API (Flink's {@code org.apache.flink.annotation.Public}: same targets
 * and retention). Tidemark checks nothing with it; user code that carries Flink's annotations ports by
 * its imports.
 */
@Documented
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Public
public @interface Public {}
