package io.tidemark.api.common.functions;

import java.io.Serializable;

/** Base of every user function. Serializable so the same pipeline can run on Apache Flink. */
public interface Function extends Serializable {}
