package io.tidemark.connector.kafka.sink;

import java.io.Serializable;
import java.util.function.Function;

/** The topic a record goes to, chosen per record. */
@FunctionalInterface
public interface TopicSelector<IN> extends Function<IN, String>, Serializable {}
