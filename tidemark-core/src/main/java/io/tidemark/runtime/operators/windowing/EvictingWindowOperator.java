package io.tidemark.runtime.operators.windowing;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.runtime.checkpoint.StateInput;
import io.tidemark.runtime.checkpoint.StateOutput;
import io.tidemark.runtime.operators.StreamingRuntimeContext;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.evictors.Evictor;
import io.tidemark.streaming.api.windowing.triggers.Trigger;
import io.tidemark.streaming.api.windowing.windows.Window;
import io.tidemark.streaming.runtime.operators.windowing.TimestampedValue;
import java.io.IOException;
import java.util.Collections;

/**
 * The window operator of windows with an {@link Evictor}: the {@link GeneralWindowOperator}'s rules
 * (assignment, triggers, merging, lateness, cleanup) for windows that keep their elements, Flink's
 * {@code EvictingWindowOperator} rule for rule. A window keeps every element with its timestamp
 * ({@link EvictableElements}), whatever the window function: an evicting window keeps elements, not
 * accumulators. When it fires:
 *
 * <ol>
 *   <li>the evictor's {@code evictBefore} sees all elements (and their number) and may remove some;
 *   <li>the contents' function runs over what remains, in arrival order: {@code aggregate} from a fresh
 *       accumulator, {@code reduce} from the first element (an empty window then emits nothing),
 *       {@code process}/{@code apply} on the elements themselves; the window function gets the result;
 *   <li>the evictor's {@code evictAfter} sees the remaining elements and may remove more;
 *   <li>what is left stays for the next firing (unless the trigger purges). A window left empty fires
 *       no more until an element arrives.
 * </ol>
 *
 * <p>State: per (key, window) every element not evicted or purged. Bounds: per element O(1) plus the
 * trigger; per firing O(n) for n elements, plus what the evictor does (the built-in evictors are O(n)).
 */
final class EvictingWindowOperator<IN, OUT, W extends Window>
        extends GeneralWindowOperator<IN, EvictableElements<IN>, OUT, W> {

    private final Evictor<? super IN, ? super W> evictor;
    /** How the remaining elements combine when the window fires (the description's contents). */
    private final WindowAccumulation<IN, Object> contents;
    private final boolean keepsElements;
    @SuppressWarnings("unchecked")
    EvictingWindowOperator(WindowAssigner<? super IN, W> assigner, Trigger<? super IN, ? super W> trigger,
            OperatorDescription.Window description, WindowRules<IN> rules) {
        super(assigner, trigger, (WindowAccumulation<IN, EvictableElements<IN>>) (WindowAccumulation<?, ?>) ELEMENTS,
                InternalWindowFunction.of(description.function()), rules);
        this.evictor = (Evictor<? super IN, ? super W>) description.evictor();
        this.contents = WindowAccumulation.of(description);
        this.keepsElements = description.contents() instanceof OperatorDescription.Window.Contents.Elements;
    }

    @Override
    public void open() throws Exception {
        super.open();
        Function f = contents.function();
        if (f instanceof RichFunction rich) {
            rich.setRuntimeContext(new StreamingRuntimeContext(context, keyedState));
            rich.open(new OpenContext() {});
        }
    }

    @Override
    public void close() throws Exception {
        super.close();
        if (contents.function() instanceof RichFunction rich) {
            rich.close();
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    void add(WindowContents window, StreamRecord<IN> record) {
        if (!window.hasData) {
            window.acc = new EvictableElements<IN>();
            window.hasData = true;
        }
        ((EvictableElements<IN>) window.acc).add(record.hasTimestamp()
                ? new TimestampedValue<>(record.getValue(), record.getTimestamp()) : new TimestampedValue<>(record.getValue()));
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    void fire(Object key, W window, WindowContents kept, Firing.Timing timing, int index) throws Exception {
        EvictableElements<IN> elements = (EvictableElements<IN>) kept.acc;
        Evictor<IN, W> e = (Evictor) evictor;
        e.evictBefore(elements, elements.size(), window, evictorContext);
        emitter.emit(key, window, combine(elements, contents, keepsElements), timing, index);
        e.evictAfter(elements, elements.size(), window, evictorContext);
        elements.compact();
        kept.hasData = !elements.isEmpty();
        if (!kept.hasData) {
            kept.acc = null;
        }
    }

    /**
     * A window's elements in arrival order, each as its value, whether it has a timestamp, and the
     * timestamp: the checkpoint section {@code windows.EvictingWindowOperator} is the general operator's
     * with these lists as the contents.
     */
    @Override
    @SuppressWarnings("unchecked")
    void writeContents(StateOutput out, Object contents) throws IOException {
        EvictableElements<IN> elements = (EvictableElements<IN>) contents;
        out.writeInt(elements.size());
        for (TimestampedValue<IN> e : elements) {
            out.writeValue(e.getValue());
            out.writeBoolean(e.hasTimestamp());
            out.writeLong(e.getTimestamp());
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    Object readContents(StateInput in) throws IOException {
        EvictableElements<IN> elements = new EvictableElements<>();
        for (int n = in.readInt(); n > 0; n--) {
            IN value = (IN) in.readValue();
            boolean hasTimestamp = in.readBoolean();
            long timestamp = in.readLong();
            elements.add(hasTimestamp ? new TimestampedValue<>(value, timestamp) : new TimestampedValue<>(value));
        }
        return elements;
    }

    /** What the window function gets: the remaining elements, or their aggregate or reduction. */
    static <IN> Iterable<?> combine(EvictableElements<IN> elements, WindowAccumulation<IN, Object> contents,
            boolean keepsElements) throws Exception {
        if (keepsElements) {
            return elements.values();
        }
        Object acc = contents.empty();
        boolean started = acc != null;
        for (IN value : elements.values()) {
            acc = started ? contents.add(acc, value) : contents.first(value);
            started = true;
        }
        return started ? contents.elements(acc) : Collections.emptyList();
    }

    /** The elements of a window, merged as windows merge. */
    private static final WindowAccumulation<Object, EvictableElements<Object>> ELEMENTS = new WindowAccumulation<>() {
        @Override
        EvictableElements<Object> first(Object element) {
            throw new UnsupportedOperationException("elements are added by the evicting operator");
        }

        @Override
        EvictableElements<Object> add(EvictableElements<Object> acc, Object element) {
            throw new UnsupportedOperationException("elements are added by the evicting operator");
        }

        @Override
        EvictableElements<Object> merge(EvictableElements<Object> a, EvictableElements<Object> b) {
            a.addAll(b);
            return a;
        }

        @Override
        Iterable<?> elements(EvictableElements<Object> acc) {
            return acc.values();
        }

        @Override
        int objects(EvictableElements<Object> acc) {
            return acc.size();
        }

        @Override
        Function function() {
            return null;
        }
    };
}
