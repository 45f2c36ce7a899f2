package io.tidemark.runtime.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Choosing a state backend: the heap by default and by name; an unknown name fails naming the known ones. */
class StateBackendLoaderTest {

    @Test
    void theHeapIsTheDefault() throws Exception {
        assertThat(StateBackendLoader.fromConfig(Map.of())).isInstanceOf(HashMapStateBackend.class);
        assertThat(StateBackendLoader.fromConfig(Map.of(StateBackendOptions.STATE_BACKEND, "heap"))).isInstanceOf(HashMapStateBackend.class);
        assertThat(StateBackendLoader.fromConfig(Map.of(StateBackendOptions.STATE_BACKEND, "hashmap"))).isInstanceOf(HashMapStateBackend.class);
        assertThat(new ExecutionConfig().getStateBackend()).isNull();
        assertThat(AbstractStateBackend.of(null).createKeyedStateBackend(new KeyedStateBackendParameters("op", 0, 1)))
                .isInstanceOf(HeapKeyedStateBackend.class);
    }

    @Test
    void anUnknownBackendFailsNamingTheKnownOnes() {
        assertThatThrownBy(() -> StateBackendLoader.fromConfig(Map.of(StateBackendOptions.STATE_BACKEND, "rocks")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("state.backend.type").hasMessageContaining("'rocks'").hasMessageContaining("hashmap");
    }

    @Test
    void aBackendTheEngineCannotUseFailsClearly() {
        StateBackend foreign = () -> "foreign";
        assertThatThrownBy(() -> AbstractStateBackend.of(foreign)).hasMessageContaining("AbstractStateBackend");
    }
}
