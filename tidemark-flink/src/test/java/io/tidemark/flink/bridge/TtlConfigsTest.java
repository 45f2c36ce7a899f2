package io.tidemark.flink.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.StateTtlConfig;
import io.tidemark.api.common.state.ValueStateDescriptor;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A state's time-to-live reaches Flink as Flink's own StateTtlConfig, every setting carried. */
class TtlConfigsTest {

    @Test
    void everySettingIsCarried() {
        StateTtlConfig ours = StateTtlConfig.newBuilder(Duration.ofMinutes(3))
                .setUpdateType(StateTtlConfig.UpdateType.OnReadAndWrite)
                .setStateVisibility(StateTtlConfig.StateVisibility.ReturnExpiredIfNotCleanedUp)
                .cleanupFullSnapshot()
                .cleanupIncrementally(7, true)
                .cleanupInRocksdbCompactFilter(500, Duration.ofHours(2))
                .build();
        var flink = TtlConfigs.toFlink(ours);

        assertThat(flink.getTimeToLive()).isEqualTo(Duration.ofMinutes(3));
        assertThat(flink.getUpdateType()).isEqualTo(org.apache.flink.api.common.state.StateTtlConfig.UpdateType.OnReadAndWrite);
        assertThat(flink.getStateVisibility())
                .isEqualTo(org.apache.flink.api.common.state.StateTtlConfig.StateVisibility.ReturnExpiredIfNotCleanedUp);
        assertThat(flink.getCleanupStrategies().inFullSnapshot()).isTrue();
        assertThat(flink.getCleanupStrategies().isCleanupInBackground()).isTrue();
        assertThat(flink.getCleanupStrategies().getIncrementalCleanupStrategy().getCleanupSize()).isEqualTo(7);
        assertThat(flink.getCleanupStrategies().getIncrementalCleanupStrategy().runCleanupForEveryRecord()).isTrue();
        assertThat(flink.getCleanupStrategies().getRocksdbCompactFilterCleanupStrategy().getQueryTimeAfterNumEntries())
                .isEqualTo(500);
        assertThat(flink.getCleanupStrategies().getRocksdbCompactFilterCleanupStrategy().getPeriodicCompactionTime())
                .isEqualTo(Duration.ofHours(2));
    }

    @Test
    void defaultsAndDisabledCleanupAreFlinksToo() {
        var defaults = TtlConfigs.toFlink(StateTtlConfig.newBuilder(Duration.ofSeconds(1)).build());
        var flinkDefaults = org.apache.flink.api.common.state.StateTtlConfig.newBuilder(Duration.ofSeconds(1)).build();
        assertThat(defaults.getUpdateType()).isEqualTo(flinkDefaults.getUpdateType());
        assertThat(defaults.getStateVisibility()).isEqualTo(flinkDefaults.getStateVisibility());
        assertThat(defaults.getCleanupStrategies().isCleanupInBackground()).isTrue();
        assertThat(defaults.getCleanupStrategies().inFullSnapshot()).isFalse();

        var noBackground = TtlConfigs.toFlink(StateTtlConfig.newBuilder(Duration.ofSeconds(1))
                .disableCleanupInBackground().build());
        assertThat(noBackground.getCleanupStrategies().isCleanupInBackground()).isFalse();
        assertThat(noBackground.getCleanupStrategies().getIncrementalCleanupStrategy()).isNull();
        assertThat(noBackground.getCleanupStrategies().inRocksdbCompactFilter()).isFalse();
        assertThat(TtlConfigs.toFlink(StateTtlConfig.DISABLED).isEnabled()).isFalse();
    }

    @Test
    void aDescriptorWithATimeToLiveBecomesAFlinkDescriptorWithIt() {
        ValueStateDescriptor<String> value = new ValueStateDescriptor<>("v", String.class);
        value.enableTimeToLive(StateTtlConfig.newBuilder(Duration.ofSeconds(30)).build());
        MapStateDescriptor<String, Long> plain = new MapStateDescriptor<>("m", String.class, Long.class);

        assertThat(States.toFlink(value).getTtlConfig().isEnabled()).isTrue();
        assertThat(States.toFlink(value).getTtlConfig().getTimeToLive()).isEqualTo(Duration.ofSeconds(30));
        assertThat(States.toFlink(plain).getTtlConfig().isEnabled()).isFalse();
    }
}
