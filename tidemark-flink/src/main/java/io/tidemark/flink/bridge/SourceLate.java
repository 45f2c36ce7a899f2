package io.tidemark.flink.bridge;

import java.io.Serializable;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * A record a sorting split source found late (older than the last one out of its split's reorder
 * buffer), on its way to the source's late side output: Flink's legacy sources have no side outputs,
 * so the source emits it wrapped in the main stream and the {@link Router} chained right after the
 * source unwraps it into the side output, in order with the records and watermarks around it.
 */
public record SourceLate(Object value) implements Serializable {

    /** Sends {@link SourceLate} records to the late side output, everything else on. */
    public static final class Router extends ProcessFunction<Object, Object> {
        private static final long serialVersionUID = 1L;
        private final OutputTag<Object> late;

        public Router(OutputTag<Object> late) {
            this.late = late;
        }

        @Override
        public void processElement(Object value, Context ctx, Collector<Object> out) {
            if (value instanceof SourceLate l) {
                ctx.output(late, l.value());
            } else {
                out.collect(value);
            }
        }
    }
}
