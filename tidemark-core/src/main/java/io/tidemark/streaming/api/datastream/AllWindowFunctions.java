package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RuntimeContext;
import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.streaming.api.functions.windowing.AllWindowFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessAllWindowFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * A non-keyed window is a keyed window whose every element has the one key {@code 0L}, on one subtask
 * (as Flink's {@code windowAll} is): these adapt the all-window functions to the keyed window
 * functions the window operators run. Each forwards the life cycle of a rich function it wraps.
 */
final class AllWindowFunctions {

    private AllWindowFunctions() {}

    /** The key of every element of a non-keyed window. */
    static final class AllKey implements LongKeySelector<Object> {
        private static final long serialVersionUID = 1L;

        @Override
        public long getLongKey(Object value) {
            return 0L;
        }

        @Override
        public String toString() {
            return "AllKey";
        }
    }

    /** An {@link AllWindowFunction} as a {@link WindowFunction} that ignores the key. */
    static final class Apply<IN, OUT, W extends Window> extends WrappingFunction<AllWindowFunction<IN, OUT, W>>
            implements WindowFunction<IN, OUT, Long, W> {
        private static final long serialVersionUID = 1L;

        Apply(AllWindowFunction<IN, OUT, W> function) {
            super(function);
        }

        @Override
        public void apply(Long key, W window, Iterable<IN> input, Collector<OUT> out) throws Exception {
            wrapped.apply(window, input, out);
        }
    }

    /** A {@link ProcessAllWindowFunction} as a {@link ProcessWindowFunction} that ignores the key. */
    static final class Process<IN, OUT, W extends Window> extends ProcessWindowFunction<IN, OUT, Long, W> {
        private static final long serialVersionUID = 1L;
        private final ProcessAllWindowFunction<IN, OUT, W> function;
        private transient AllContext context;

        Process(ProcessAllWindowFunction<IN, OUT, W> function) {
            this.function = java.util.Objects.requireNonNull(function, "process all-window function");
        }

        @Override
        public void setRuntimeContext(RuntimeContext runtimeContext) {
            super.setRuntimeContext(runtimeContext);
            function.setRuntimeContext(runtimeContext);
        }

        @Override
        public void open(OpenContext openContext) throws Exception {
            function.open(openContext);
        }

        @Override
        public void close() throws Exception {
            function.close();
        }

        @Override
        public void process(Long key, Context keyed, Iterable<IN> elements, Collector<OUT> out) throws Exception {
            function.process(context(keyed), elements, out);
        }

        @Override
        public void clear(Context keyed) throws Exception {
            function.clear(context(keyed));
        }

        private AllContext context(Context keyed) {
            if (context == null) {
                context = new AllContext();
            }
            context.keyed = keyed;
            return context;
        }

        @Override
        public String toString() {
            return function.toString();
        }

        private final class AllContext extends ProcessAllWindowFunction<IN, OUT, W>.Context {
            ProcessWindowFunction<IN, OUT, Long, W>.Context keyed;

            AllContext() {
                function.super();
            }

            @Override
            public W window() {
                return keyed.window();
            }

            @Override
            public KeyedStateStore windowState() {
                return keyed.windowState();
            }

            @Override
            public KeyedStateStore globalState() {
                return keyed.globalState();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                keyed.output(outputTag, value);
            }

            @Override
            public Firing firing() {
                return keyed.firing();
            }
        }
    }
}
