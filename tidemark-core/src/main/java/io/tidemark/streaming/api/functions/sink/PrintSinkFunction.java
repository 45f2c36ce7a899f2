package io.tidemark.streaming.api.functions.sink;

/**
 * Flink 1's name of {@link io.tidemark.streaming.api.functions.sink.legacy.PrintSinkFunction}, which
 * Flink 2 moved to the {@code legacy} package.
 *
 * @deprecated use {@link io.tidemark.streaming.api.functions.sink.legacy.PrintSinkFunction}
 */
@Deprecated
public class PrintSinkFunction<IN> extends io.tidemark.streaming.api.functions.sink.legacy.PrintSinkFunction<IN> {

    private static final long serialVersionUID = 1L;

    public PrintSinkFunction() {
        super();
    }

    public PrintSinkFunction(String identifier, boolean stdErr) {
        super(identifier, stdErr);
    }
}
