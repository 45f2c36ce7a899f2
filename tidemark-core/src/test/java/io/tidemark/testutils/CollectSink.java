package io.tidemark.testutils;

import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Collects what reaches it, in arrival order, into a list the test holds. Parallel subtasks get
 * serialized copies of the sink; all copies share one list through a registry keyed by the sink's id.
 */
public final class CollectSink<T> implements SinkFunction<T> {

    private static final long serialVersionUID = 1L;
    private static final Map<String, List<Object>> REGISTRY = new ConcurrentHashMap<>();

    private final String id = UUID.randomUUID().toString();

    public CollectSink() {
        REGISTRY.put(id, Collections.synchronizedList(new ArrayList<>()));
    }

    @Override
    public void invoke(T value, Context context) {
        REGISTRY.get(id).add(value);
    }

    /** A copy of what was collected so far. */
    @SuppressWarnings("unchecked")
    public List<T> values() {
        List<Object> values = REGISTRY.get(id);
        synchronized (values) {
            return new ArrayList<>((List<T>) (List<?>) values);
        }
    }
}
