package io.tidemark.runtime.timers;

import java.util.Objects;

/** A keyed timer: fires for {@code key} and {@code namespace} (a window, or none) at {@code timestamp}. */
public final class Timer {

    private final long timestamp;
    private final Object key;
    private final Object namespace;

    public Timer(long timestamp, Object key, Object namespace) {
        this.timestamp = timestamp;
        this.key = key;
        this.namespace = namespace;
    }

    public long getTimestamp() {
        return timestamp;
    }

    public Object getKey() {
        return key;
    }

    public Object getNamespace() {
        return namespace;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Timer)) {
            return false;
        }
        Timer t = (Timer) o;
        return timestamp == t.timestamp && key.equals(t.key) && namespace.equals(t.namespace);
    }

    @Override
    public int hashCode() {
        return Objects.hash(key, namespace) * 31 + Long.hashCode(timestamp);
    }

    @Override
    public String toString() {
        return "Timer{" + timestamp + ", key=" + key + ", ns=" + namespace + "}";
    }
}
