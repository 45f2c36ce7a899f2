package io.tidemark.runtime.state;

import java.util.List;
import java.util.Map;

/**
 * Makes a {@link StateBackend} from configuration (Flink's {@code StateBackendFactory}). A module
 * that brings a backend lists its factory in
 * {@code META-INF/services/io.tidemark.runtime.state.StateBackendFactory}, so that
 * {@link StateBackendLoader} finds it by name without tidemark-core depending on the module.
 */
public interface StateBackendFactory {

    /** The names {@code state.backend.type} may give this backend (the first is its own). */
    List<String> names();

    /**
     * The backend for {@code config} (keys as {@link StateBackendOptions} names them); fails with
     * {@link IllegalArgumentException} naming the key whose value is wrong.
     */
    StateBackend createFromConfig(Map<String, String> config);
}
