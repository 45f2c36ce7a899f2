package io.tidemark.testutils;

import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Collects what reaches it, in arrival order, into a list the test holds. */
public final class CollectSink<T> implements SinkFunction<T> {

    private static final long serialVersionUID = 1L;

    private final transient List<T> values = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void invoke(T value, Context context) {
        values.add(value);
    }

    /** A copy of what was collected so far. */
    public List<T> values() {
        synchronized (values) {
            return new ArrayList<>(values);
        }
    }
}
