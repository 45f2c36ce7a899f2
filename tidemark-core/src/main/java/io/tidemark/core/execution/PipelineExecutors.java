package io.tidemark.core.execution;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

/** Finds engines ({@link PipelineExecutorFactory}) on the class path by name. */
public final class PipelineExecutors {

    /** The name of the embedded engine, every environment's default. */
    public static final String EMBEDDED = "embedded";

    private PipelineExecutors() {}

    /** The engine named {@code name}, if its factory is on the class path. */
    public static Optional<PipelineExecutorFactory> find(String name) {
        for (PipelineExecutorFactory f : load()) {
            if (f.getName().equals(name)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The names of the engines on the class path. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (PipelineExecutorFactory f : load()) {
            names.add(f.getName());
        }
        return names;
    }

    /**
     * An executor of the engine named {@code name} with {@code options}; fails naming the engines that
     * are on the class path when {@code name} is not one of them.
     */
    public static PipelineExecutor get(String name, Map<String, String> options) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("no engine named '" + name
                + "' on the class path; engines: " + names())).getExecutor(options);
    }

    /**
     * Every engine the API's own class loader sees, then those only the thread's context class loader
     * sees (a plugin loader). A provider that cannot be loaded is skipped unless no engine loads at all.
     */
    private static List<PipelineExecutorFactory> load() {
        List<PipelineExecutorFactory> all = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        ServiceConfigurationError firstError = null;
        Set<ClassLoader> loaders = new LinkedHashSet<>();
        loaders.add(PipelineExecutors.class.getClassLoader());
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        if (context != null) {
            loaders.add(context);
        }
        for (ClassLoader loader : loaders) {
            Iterator<PipelineExecutorFactory> it = ServiceLoader.load(PipelineExecutorFactory.class, loader).iterator();
            while (true) {
                try {
                    if (!it.hasNext()) {
                        break;
                    }
                    PipelineExecutorFactory f = it.next();
                    if (seen.add(f.getClass().getName())) {
                        all.add(f);
                    }
                } catch (ServiceConfigurationError e) {
                    // e.g. a provider of another copy of this API, in a loader that sees two
                    firstError = firstError == null ? e : firstError;
                }
            }
        }
        if (all.isEmpty() && firstError != null) {
            throw new IllegalStateException("no engine on the class path can be loaded: " + firstError.getMessage(), firstError);
        }
        return all;
    }
}
