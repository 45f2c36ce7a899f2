package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.functions.windowing.WindowFunction;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;

/**
 * What a window operator evaluates when a window fires, on the elements its accumulation hands over
 * (the one aggregated or reduced value, or all elements): one of three, as the window description's
 * function is ({@link #of}).
 *
 * <ul>
 *   <li>{@link PassThrough}: {@code aggregate(f)} / {@code reduce(f)} alone; emits the value itself.
 *   <li>{@link Apply}: a {@link WindowFunction}.
 *   <li>{@link Process}: a {@link ProcessWindowFunction}, with its context (window, firing, time,
 *       state, side outputs) read from the {@link WindowEmitter}, and its {@code clear} on cleanup.
 * </ul>
 */
abstract sealed class InternalWindowFunction {

    /** The internal function for a described window function. */
    static InternalWindowFunction of(OperatorDescription.Window.Function function) {
        return function.match(PassThrough::new, apply -> new Apply(apply.function()), process -> new Process(process.function()));
    }

    /** The user function, for its life cycle; null for {@link PassThrough}. */
    abstract Function function();

    /** Binds to the emitter that calls it (once, when the operator opens). */
    void open(WindowEmitter<?> emitter) {}

    /** Evaluates the firing the emitter is at (its key and window) on {@code elements}. */
    abstract void apply(WindowEmitter<?> emitter, Object key, Window window, Iterable<?> elements, Collector<Object> out)
            throws Exception;

    /** Called when the emitter's window is cleaned up, before its window state is dropped. */
    void clear(WindowEmitter<?> emitter) throws Exception {}

    /** Emits the accumulated value(s) themselves. */
    static final class PassThrough extends InternalWindowFunction {
        @Override
        Function function() {
            return null;
        }

        @Override
        void apply(WindowEmitter<?> emitter, Object key, Window window, Iterable<?> elements, Collector<Object> out) {
            for (Object o : elements) {
                out.collect(o);
            }
        }
    }

    /** A {@link WindowFunction}. */
    static final class Apply extends InternalWindowFunction {
        private final WindowFunction<Object, Object, Object, Window> function;

        @SuppressWarnings("unchecked")
        Apply(WindowFunction<?, ?, ?, ?> function) {
            this.function = (WindowFunction<Object, Object, Object, Window>) function;
        }

        @Override
        Function function() {
            return function;
        }

        @Override
        @SuppressWarnings("unchecked")
        void apply(WindowEmitter<?> emitter, Object key, Window window, Iterable<?> elements, Collector<Object> out)
                throws Exception {
            function.apply(key, window, (Iterable<Object>) elements, out);
        }
    }

    /** A {@link ProcessWindowFunction} and its context. */
    static final class Process extends InternalWindowFunction {
        private final ProcessWindowFunction<Object, Object, Object, Window> function;
        private Context context;

        @SuppressWarnings("unchecked")
        Process(ProcessWindowFunction<?, ?, ?, ?> function) {
            this.function = (ProcessWindowFunction<Object, Object, Object, Window>) function;
        }

        @Override
        Function function() {
            return function;
        }

        @Override
        void open(WindowEmitter<?> emitter) {
            context = new Context(function, emitter);
        }

        @Override
        @SuppressWarnings("unchecked")
        void apply(WindowEmitter<?> emitter, Object key, Window window, Iterable<?> elements, Collector<Object> out)
                throws Exception {
            function.process(key, context, (Iterable<Object>) elements, out);
        }

        @Override
        void clear(WindowEmitter<?> emitter) throws Exception {
            function.clear(context);
        }

        /** The function's view of the emitter's current window and firing. */
        private static final class Context extends ProcessWindowFunction<Object, Object, Object, Window>.Context {
            private final WindowEmitter<?> emitter;

            Context(ProcessWindowFunction<Object, Object, Object, Window> function, WindowEmitter<?> emitter) {
                function.super();
                this.emitter = emitter;
            }

            @Override
            public Window window() {
                return emitter.window();
            }

            @Override
            public long currentProcessingTime() {
                return emitter.currentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return emitter.currentWatermark();
            }

            @Override
            public KeyedStateStore windowState() {
                return emitter.windowState();
            }

            @Override
            public KeyedStateStore globalState() {
                return emitter.globalState();
            }

            @Override
            public <X> void output(OutputTag<X> outputTag, X value) {
                emitter.sideOutput(outputTag, value);
            }

            @Override
            public Firing firing() {
                return emitter.firing();
            }
        }
    }
}
