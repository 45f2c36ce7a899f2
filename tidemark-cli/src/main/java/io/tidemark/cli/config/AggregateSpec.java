package io.tidemark.cli.config;

/** One entry of {@code aggregate}: {@code count}, or {@code {sum|avg|min|max: field}}. */
public record AggregateSpec(Kind kind, String field) implements java.io.Serializable {

    public enum Kind { COUNT, SUM, AVG, MIN, MAX }

    /** The name of the result field: {@code count}, {@code sum_amount}, … */
    public String outputName() {
        return kind == Kind.COUNT ? "count" : kind.name().toLowerCase(java.util.Locale.ROOT) + "_" + field;
    }
}
