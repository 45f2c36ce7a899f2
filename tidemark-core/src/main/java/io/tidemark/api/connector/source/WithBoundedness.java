package io.tidemark.api.connector.source;

/**
 * A source that says whether its input ends (Flink's {@code Source#getBoundedness}). A source that is
 * not one counts as unbounded, as Flink counts a legacy {@code SourceFunction}.
 */
public interface WithBoundedness {

    Boundedness getBoundedness();
}
