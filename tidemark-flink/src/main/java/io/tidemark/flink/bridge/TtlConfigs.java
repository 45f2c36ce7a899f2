package io.tidemark.flink.bridge;

import io.tidemark.api.common.state.StateTtlConfig;

/**
 * Tidemark's {@link StateTtlConfig} as Flink's own: the same time-to-live, update type, visibility and
 * cleanup strategies, so a state with a time-to-live expires on Flink by Flink's TTL machinery.
 */
public final class TtlConfigs {

    private TtlConfigs() {}

    /** Flink's configuration for {@code config} (Flink's {@code DISABLED} when time-to-live is off). */
    public static org.apache.flink.api.common.state.StateTtlConfig toFlink(StateTtlConfig config) {
        if (!config.isEnabled()) {
            return org.apache.flink.api.common.state.StateTtlConfig.DISABLED;
        }
        var b = org.apache.flink.api.common.state.StateTtlConfig.newBuilder(config.getTimeToLive())
                .setUpdateType(org.apache.flink.api.common.state.StateTtlConfig.UpdateType.valueOf(config.getUpdateType().name()))
                .setStateVisibility(org.apache.flink.api.common.state.StateTtlConfig.StateVisibility.valueOf(
                        config.getStateVisibility().name()));
        StateTtlConfig.CleanupStrategies cleanup = config.getCleanupStrategies();
        if (cleanup.inFullSnapshot()) {
            b.cleanupFullSnapshot();
        }
        if (!cleanup.isCleanupInBackground()) {
            b.disableCleanupInBackground();
        }
        StateTtlConfig.IncrementalCleanupStrategy incremental = cleanup.getIncrementalCleanupStrategy();
        if (incremental != null) { // set, or the background default: the same values on Flink
            b.cleanupIncrementally(incremental.getCleanupSize(), incremental.runCleanupForEveryRecord());
        }
        StateTtlConfig.RocksdbCompactFilterCleanupStrategy compaction = cleanup.getRocksdbCompactFilterCleanupStrategy();
        if (compaction != null) {
            b.cleanupInRocksdbCompactFilter(compaction.getQueryTimeAfterNumEntries(), compaction.getPeriodicCompactionTime());
        }
        return b.build();
    }
}
