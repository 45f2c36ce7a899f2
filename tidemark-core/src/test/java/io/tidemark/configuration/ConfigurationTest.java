package io.tidemark.configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.common.RuntimeExecutionMode;
import io.tidemark.core.execution.CheckpointingMode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values read and written as Flink 2.3's {@code Configuration} reads and writes them (its outputs, by hand). */
class ConfigurationTest {

    @Test
    void typedValuesRoundTripAndDefaultsApply() {
        Configuration c = new Configuration();
        assertThat(c.get(CoreOptions.DEFAULT_PARALLELISM)).isEqualTo(1);
        assertThat(c.getOptional(CoreOptions.DEFAULT_PARALLELISM)).isEmpty();
        assertThat(c.contains(CoreOptions.DEFAULT_PARALLELISM)).isFalse();
        c.set(CoreOptions.DEFAULT_PARALLELISM, 3);
        assertThat(c.get(CoreOptions.DEFAULT_PARALLELISM)).isEqualTo(3);
        assertThat(c.getString("parallelism.default", "?")).isEqualTo("3");
        assertThat(c.get(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(7))).isEqualTo(Duration.ofSeconds(7));
        assertThat(c.getString("nope", "d")).isEqualTo("d");
    }

    /** Flink 2.3 printed this map for the same values. */
    @Test
    void toMapWritesFlinksStringForms() {
        Configuration c = new Configuration();
        c.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(200));
        c.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofMinutes(1));
        c.set(CheckpointingOptions.CHECKPOINTING_TIMEOUT, Duration.ofMillis(90500));
        c.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        c.set(ConfigOptions.key("m").mapType().noDefaultValue(), Map.of("a", "1"));
        c.set(ConfigOptions.key("l").stringType().asList().noDefaultValue(), List.of("a", "b"));
        c.set(ConfigOptions.key("h").durationType().noDefaultValue(), Duration.ofHours(25));
        c.set(ConfigOptions.key("z").durationType().noDefaultValue(), Duration.ZERO);
        assertThat(c.toMap()).containsExactlyInAnyOrderEntriesOf(Map.of("execution.checkpointing.interval", "1 min",
                "execution.checkpointing.timeout", "90500 ms", "h", "25 h", "pipeline.auto-watermark-interval", "200 ms",
                "z", "0 ms", "execution.runtime-mode", "BATCH", "l", "[a, b]", "m", "{a: '1'}"));
        assertThat(Configuration.fromMap(c.toMap())).isEqualTo(c);
        assertThat(Configuration.fromMap(c.toMap()).get(ConfigOptions.key("l").stringType().asList().noDefaultValue()))
                .containsExactly("a", "b");
        assertThat(Configuration.fromMap(c.toMap()).get(ConfigOptions.key("m").mapType().noDefaultValue()))
                .containsExactlyEntriesOf(Map.of("a", "1"));
    }

    @Test
    void stringsAreConvertedOnReading() {
        Configuration c = new Configuration();
        ConfigOption<Duration> d = ConfigOptions.key("d").durationType().noDefaultValue();
        c.setString("d", "PT5S");
        assertThat(c.get(d)).isEqualTo(Duration.ofSeconds(5));
        c.setString("d", "5 min");
        assertThat(c.get(d)).isEqualTo(Duration.ofMinutes(5));
        c.setString("d", "5");
        assertThat(c.get(d)).isEqualTo(Duration.ofMillis(5));
        c.setString("d", "2h");
        assertThat(c.get(d)).isEqualTo(Duration.ofHours(2));
        c.setString("execution.runtime-mode", "batch");
        assertThat(c.get(ExecutionOptions.RUNTIME_MODE)).isEqualTo(RuntimeExecutionMode.BATCH);
        c.setString("execution.checkpointing.mode", "at_least_once");
        assertThat(c.get(CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE)).isEqualTo(CheckpointingMode.AT_LEAST_ONCE);
        c.setString("b", "TRUE");
        assertThat(c.get(ConfigOptions.key("b").booleanType().noDefaultValue())).isTrue();
        c.setString("l", "x;y");
        assertThat(c.get(ConfigOptions.key("l").stringType().asList().noDefaultValue())).containsExactly("x", "y");
    }

    @Test
    void aBadValueFailsNamingItsKey() {
        Configuration c = new Configuration();
        c.setString("bad", "x1");
        assertThatThrownBy(() -> c.get(ConfigOptions.key("bad").intType().noDefaultValue()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Could not parse value 'x1' for key 'bad'.");
        c.setString("mode", "sideways");
        assertThatThrownBy(() -> c.get(ConfigOptions.key("mode").enumType(RuntimeExecutionMode.class).noDefaultValue()))
                .hasMessageContaining("'mode'");
    }

    @Test
    void deprecatedKeysAreReadWhenTheKeyIsNotSet() {
        Configuration c = Configuration.fromMap(Map.of("state.checkpoints.dir", "/tmp/chk", "state.backend", "rocksdb"));
        assertThat(c.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isEqualTo("/tmp/chk");
        assertThat(c.get(StateBackendOptions.STATE_BACKEND)).isEqualTo("rocksdb");
        c.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, "/tmp/new");
        assertThat(c.get(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isEqualTo("/tmp/new");
        assertThat(c.removeConfig(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isTrue();
        assertThat(c.contains(CheckpointingOptions.CHECKPOINTS_DIRECTORY)).isFalse();
        assertThat(c.keySet()).containsExactly("state.backend");
    }

    @Test
    void optionsPrintAsFlinksDo() {
        assertThat(ConfigOptions.key("q").intType().defaultValue(3)).hasToString("Key: 'q' , default: 3 (fallback keys: [])");
        assertThat(CheckpointingOptions.CHECKPOINTING_TIMEOUT.defaultValue()).isEqualTo(Duration.ofMinutes(10));
        assertThat(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY.defaultValue()).isEqualTo(Duration.ofSeconds(1));
    }
}
