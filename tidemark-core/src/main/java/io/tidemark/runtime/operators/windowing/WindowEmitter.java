package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.state.KeyedStateStore;
import io.tidemark.runtime.metrics.Counter;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.operators.TimestampedCollector;
import io.tidemark.runtime.state.KeyedStateBackend;
import io.tidemark.runtime.state.KeyedStateStoreImpl;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.time.Clock;
import io.tidemark.util.OutputTag;
import java.util.function.LongSupplier;

/**
 * Where a window operator's firings and cleanups leave it: evaluates the {@link InternalWindowFunction}
 * for one firing of one (key, window) and counts it ({@code numWindowFirings}); cleans a (key, window)
 * up (the function's {@code clear}, then the window's keyed state). Results carry the window's max
 * timestamp. The caller has set the keyed state's current key to the firing's key.
 *
 * <p>The {@link Firing} descriptor a process function reads is made only when it asks, and one
 * instance serves every firing alike at one watermark (all keys of a window firing on time): it is
 * immutable, so the last one is kept and re-used while timing, index and watermark match.
 */
final class WindowEmitter<OUT> {

    private final InternalWindowFunction function;
    private final TimestampedCollector<Object> collector;
    private final Output<OUT> output;
    private final Counter numWindowFirings;
    private final KeyedStateBackend keyedState;
    private final Clock clock;
    private final LongSupplier watermark;
    private final KeyedStateStore windowState;
    private final KeyedStateStore globalState;
    private final WindowLog log;

    /** The (key's) window being fired or cleaned up. */
    private Window window;
    /** The timing and index of the current firing; timing null during a cleanup. */
    private Firing.Timing timing;
    private int index;
    private Firing lastFiring;

    /**
     * @param ttlClock the time of state time-to-live in the window function's per-window and global state
     * @param watermark the operator's current watermark
     * @param merging whether windows merge (per-window state is then not supported)
     * @param log where firings are logged for questions
     */
    @SuppressWarnings("unchecked")
    WindowEmitter(InternalWindowFunction function, Output<OUT> output, Counter numWindowFirings,
            KeyedStateBackend keyedState, Clock clock, Clock ttlClock, LongSupplier watermark, boolean merging,
            WindowLog log) {
        this.function = function;
        this.log = log;
        this.output = output;
        this.collector = new TimestampedCollector<>((Output<Object>) output);
        this.numWindowFirings = numWindowFirings;
        this.keyedState = keyedState;
        this.clock = clock;
        this.watermark = watermark;
        this.windowState = new KeyedStateStoreImpl(keyedState, () -> {
            if (merging) {
                throw new UnsupportedOperationException("per-window state is not supported with merging windows");
            }
            return window;
        }, ttlClock);
        this.globalState = new KeyedStateStoreImpl(keyedState, () -> VoidNamespace.INSTANCE, ttlClock);
        function.open(this);
    }

    /** Evaluates the window function on {@code elements} for the firing ({@code timing}, {@code index}). */
    void emit(Object key, Window window, Iterable<?> elements, Firing.Timing timing, int index) throws Exception {
        numWindowFirings.inc();
        log.fired(key, window, timing, index, watermark.getAsLong());
        this.window = window;
        this.timing = timing;
        this.index = index;
        collector.setTimestamp(window.maxTimestamp());
        function.apply(this, key, window, elements, collector);
    }

    /** Cleans up {@code window} of the current key: the function's {@code clear}, then the window's state. */
    void clear(Window window) throws Exception {
        this.window = window;
        this.timing = null;
        function.clear(this);
        keyedState.clearNamespace(window);
    }

    // ------------------------------------------------------------------ the process function's context

    Window window() {
        return window;
    }

    /** The current firing; null while cleaning up. */
    Firing firing() {
        if (timing == null) {
            return null;
        }
        long wm = watermark.getAsLong();
        Firing f = lastFiring;
        if (f == null || f.timing() != timing || f.index() != index || f.watermark() != wm) {
            f = lastFiring = new Firing(timing, index, wm);
        }
        return f;
    }

    long currentWatermark() {
        return watermark.getAsLong();
    }

    long currentProcessingTime() {
        return clock.currentTimeMillis();
    }

    KeyedStateStore windowState() {
        return windowState;
    }

    KeyedStateStore globalState() {
        return globalState;
    }

    <X> void sideOutput(OutputTag<X> tag, X value) {
        output.collect(tag, new StreamRecord<>(value, window.maxTimestamp()));
    }
}
