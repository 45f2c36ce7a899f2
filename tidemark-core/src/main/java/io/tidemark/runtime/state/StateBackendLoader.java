package io.tidemark.runtime.state;

import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Finds a {@link StateBackend} by name (Flink's {@code StateBackendLoader}): the heap's built in,
 * others through their {@link StateBackendFactory} on the class path (found by {@link ServiceLoader}
 * in the engine's class loader, then the thread's context class loader).
 *
 * <pre>{@code
 * env.setStateBackend(StateBackendLoader.fromConfig(Map.of("state.backend.type", "rocksdb",
 *         "execution.checkpointing.incremental", "true")));
 * }</pre>
 */
public final class StateBackendLoader {

    private StateBackendLoader() {}

    /**
     * The backend {@code config} names with {@link StateBackendOptions#STATE_BACKEND} (the heap when
     * absent), made from the rest of {@code config}; fails naming the backends on the class path when
     * the name is none of them.
     */
    public static StateBackend fromConfig(Map<String, String> config) {
        String name = config.getOrDefault(StateBackendOptions.STATE_BACKEND, HashMapStateBackend.NAME).trim();
        if (name.equalsIgnoreCase(HashMapStateBackend.NAME) || name.equalsIgnoreCase("heap")) {
            return new HashMapStateBackend();
        }
        for (StateBackendFactory f : factories()) {
            for (String n : f.names()) {
                if (n.equalsIgnoreCase(name)) {
                    return f.createFromConfig(config);
                }
            }
        }
        throw new IllegalArgumentException(StateBackendOptions.STATE_BACKEND + ": no state backend named '" + name
                + "' on the class path; state backends: " + names());
    }

    /** The names of the backends on the class path, the heap's first. */
    public static List<String> names() {
        List<String> names = new ArrayList<>(List.of(HashMapStateBackend.NAME, "heap"));
        for (StateBackendFactory f : factories()) {
            names.addAll(f.names());
        }
        return names;
    }

    private static List<StateBackendFactory> factories() {
        Set<ClassLoader> loaders = new LinkedHashSet<>();
        loaders.add(StateBackendLoader.class.getClassLoader());
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            loaders.add(context);
        }
        List<StateBackendFactory> all = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (ClassLoader loader : loaders) {
            for (StateBackendFactory f : ServiceLoader.load(StateBackendFactory.class, loader)) {
                if (seen.add(f.getClass().getName())) {
                    all.add(f);
                }
            }
        }
        return all;
    }
}
