package io.tidemark.cli.config;

import java.util.HashMap;
import java.util.Map;

/**
 * The values of a job file, read and checked against the key table: what the file sets, and each
 * key's default otherwise.
 */
public final class Settings {

    private final Map<String, Object> set = new HashMap<>();
    private final KeyTable table;

    Settings(KeyTable table) {
        this.table = table;
    }

    /** The key's value: as set, else its default (null when it has none). */
    @SuppressWarnings("unchecked")
    public <T> T get(Key<T> key) {
        if (set.containsKey(key.path())) {
            return (T) set.get(key.path());
        }
        Key<T> k = table == null ? key : (Key<T>) table.key(key.path());
        return (k == null ? key : k).defaultValue(this);
    }

    /** Whether the job file sets it. */
    public boolean isSet(Key<?> key) {
        return set.containsKey(key.path());
    }

    /** Whether the key applies to these settings (its section's type, strategy, …). */
    public boolean applies(Key<?> key) {
        Key<?> k = table == null ? key : table.key(key.path());
        return (k == null ? key : k).applies().test(this);
    }

    void put(Key<?> key, Object value) {
        set.put(key.path(), value);
    }

    KeyTable table() {
        return table;
    }
}
