package io.tidemark.flink;

import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Gathers what sinks receive, on either engine: the sink holds only an id, the records go to a static
 * registry of this JVM (Flink's MiniCluster runs in-process, its tasks in other threads).
 */
public final class Collect {

    private static final Map<String, List<Object>> RESULTS = new ConcurrentHashMap<>();

    private Collect() {}

    /** A fresh, empty result list and its id. */
    public static String newId() {
        String id = UUID.randomUUID().toString();
        RESULTS.put(id, new ArrayList<>());
        return id;
    }

    @SuppressWarnings("unchecked")
    public static <T> List<T> take(String id) {
        List<Object> l = RESULTS.remove(id);
        if (l == null) {
            throw new IllegalStateException("no results for " + id);
        }
        synchronized (l) {
            return (List<T>) new ArrayList<>(l);
        }
    }

    static void add(String id, Object value) {
        List<Object> l = RESULTS.get(id);
        if (l == null) {
            throw new IllegalStateException("unknown result id " + id);
        }
        synchronized (l) {
            l.add(value);
        }
    }

    /** A sink that adds every record to the list {@code id}. */
    public static <T> SinkFunction<T> sink(String id) {
        return new Sink<>(id);
    }

    static final class Sink<T> implements SinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final String id;

        Sink(String id) {
            this.id = id;
        }

        @Override
        public void invoke(T value) {
            add(id, value);
        }
    }
}
