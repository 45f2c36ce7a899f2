package io.tidemark.api.common.state;

import java.io.Serializable;
import java.time.Duration;
import java.util.Objects;

/**
 * Time-to-live of keyed state, as Flink's: a state value (a list element, a map entry) written at
 * processing time {@code t} expires at {@code t + ttl} and is then no longer returned
 * ({@link StateVisibility#NeverReturnExpired}, the default) and removed when next touched. Set on a
 * descriptor with {@link StateDescriptor#enableTimeToLive}.
 *
 * <pre>{@code
 * StateTtlConfig ttl = StateTtlConfig.newBuilder(Duration.ofHours(1))
 *         .setUpdateType(StateTtlConfig.UpdateType.OnReadAndWrite)
 *         .setStateVisibility(StateTtlConfig.StateVisibility.NeverReturnExpired)
 *         .build();
 * descriptor.enableTimeToLive(ttl);
 * }</pre>
 *
 * <p>Time is processing time, read from the job's processing clock (the injected clock in tests and
 * replays; a test harness's own TTL time). Cleanup strategies are accepted as Flink's; on the embedded
 * engine an expired value is removed when it is next read or written (see the state backends' docs for
 * what each strategy adds).
 */
public final class StateTtlConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    /** No time-to-live: the default of every descriptor. */
    public static final StateTtlConfig DISABLED = newBuilder(Duration.ofMillis(Long.MAX_VALUE))
            .setUpdateType(UpdateType.Disabled).build();

    /** When a value's time-to-live starts again. */
    public enum UpdateType {
        /** Never: time-to-live is off. */
        Disabled,
        /** When the value is created or written. */
        OnCreateAndWrite,
        /** When the value is created, written or read. */
        OnReadAndWrite
    }

    /** Whether an expired value that was not removed yet may still be returned. */
    public enum StateVisibility {
        /** An expired value is returned if it is still there (it is removed by that read). */
        ReturnExpiredIfNotCleanedUp,
        /** An expired value is never returned. */
        NeverReturnExpired
    }

    /** The time that expiry follows: processing time only, as in Flink. */
    public enum TtlTimeCharacteristic {
        /** The processing clock. */
        ProcessingTime
    }

    private final UpdateType updateType;
    private final StateVisibility stateVisibility;
    private final Duration ttl;
    private final CleanupStrategies cleanupStrategies;

    private StateTtlConfig(UpdateType updateType, StateVisibility stateVisibility, Duration ttl,
            CleanupStrategies cleanupStrategies) {
        this.updateType = updateType;
        this.stateVisibility = stateVisibility;
        this.ttl = ttl;
        this.cleanupStrategies = cleanupStrategies;
    }

    public static Builder newBuilder(Duration ttl) {
        return new Builder(ttl);
    }

    /** A builder starting from {@code config}'s settings. */
    public static Builder newBuilder(StateTtlConfig config) {
        Builder b = new Builder(config.ttl).setUpdateType(config.updateType).setStateVisibility(config.stateVisibility);
        b.cleanup = config.cleanupStrategies;
        return b;
    }

    public UpdateType getUpdateType() {
        return updateType;
    }

    public StateVisibility getStateVisibility() {
        return stateVisibility;
    }

    public Duration getTimeToLive() {
        return ttl;
    }

    public TtlTimeCharacteristic getTtlTimeCharacteristic() {
        return TtlTimeCharacteristic.ProcessingTime;
    }

    /** Whether time-to-live is on (the update type is not {@link UpdateType#Disabled}). */
    public boolean isEnabled() {
        return updateType != UpdateType.Disabled;
    }

    public CleanupStrategies getCleanupStrategies() {
        return cleanupStrategies;
    }

    @Override
    public String toString() {
        return "StateTtlConfig{updateType=" + updateType + ", stateVisibility=" + stateVisibility + ", ttl=" + ttl
                + ", cleanup=" + cleanupStrategies + "}";
    }

    /** Builds a {@link StateTtlConfig}: {@code OnCreateAndWrite}, {@code NeverReturnExpired}, cleanup in background. */
    public static final class Builder {
        private Duration ttl;
        private UpdateType updateType = UpdateType.OnCreateAndWrite;
        private StateVisibility stateVisibility = StateVisibility.NeverReturnExpired;
        private CleanupStrategies cleanup = CleanupStrategies.DEFAULT;

        private Builder(Duration ttl) {
            setTimeToLive(ttl);
        }

        public Builder setUpdateType(UpdateType updateType) {
            this.updateType = Objects.requireNonNull(updateType, "update type");
            return this;
        }

        public Builder updateTtlOnCreateAndWrite() {
            return setUpdateType(UpdateType.OnCreateAndWrite);
        }

        public Builder updateTtlOnReadAndWrite() {
            return setUpdateType(UpdateType.OnReadAndWrite);
        }

        public Builder setStateVisibility(StateVisibility stateVisibility) {
            this.stateVisibility = Objects.requireNonNull(stateVisibility, "state visibility");
            return this;
        }

        public Builder returnExpiredIfNotCleanedUp() {
            return setStateVisibility(StateVisibility.ReturnExpiredIfNotCleanedUp);
        }

        public Builder neverReturnExpired() {
            return setStateVisibility(StateVisibility.NeverReturnExpired);
        }

        /** Processing time, the only characteristic (Flink's). */
        public Builder setTtlTimeCharacteristic(TtlTimeCharacteristic characteristic) {
            Objects.requireNonNull(characteristic, "time characteristic");
            return this;
        }

        public Builder useProcessingTime() {
            return setTtlTimeCharacteristic(TtlTimeCharacteristic.ProcessingTime);
        }

        /** Expired values are left out of full snapshots. */
        public Builder cleanupFullSnapshot() {
            cleanup = cleanup.with(true, cleanup.incremental, cleanup.compactFilter, cleanup.inBackground);
            return this;
        }

        /**
         * Incremental cleanup (heap state): each state access first visits up to {@code cleanupSize}
         * keys of the state and removes their expired values; {@code runCleanupForEveryRecord} is
         * accepted (Flink's: each record too; the embedded engine cleans up per access).
         */
        public Builder cleanupIncrementally(int cleanupSize, boolean runCleanupForEveryRecord) {
            if (cleanupSize <= 0) {
                throw new IllegalArgumentException("cleanup size must be positive: " + cleanupSize);
            }
            cleanup = cleanup.with(cleanup.fullSnapshot, new IncrementalCleanupStrategy(cleanupSize, runCleanupForEveryRecord),
                    cleanup.compactFilter, cleanup.inBackground);
            return this;
        }

        /** Cleanup in RocksDB's compactions, re-reading the time every {@code queryTimeAfterNumEntries} entries. */
        public Builder cleanupInRocksdbCompactFilter(long queryTimeAfterNumEntries) {
            return cleanupInRocksdbCompactFilter(queryTimeAfterNumEntries, Duration.ofDays(30));
        }

        /** The same, with RocksDB's periodic compaction every {@code periodicCompactionTime} (zero: none). */
        public Builder cleanupInRocksdbCompactFilter(long queryTimeAfterNumEntries, Duration periodicCompactionTime) {
            cleanup = cleanup.with(cleanup.fullSnapshot, cleanup.incremental,
                    new RocksdbCompactFilterCleanupStrategy(queryTimeAfterNumEntries, periodicCompactionTime),
                    cleanup.inBackground);
            return this;
        }

        /** No cleanup in the background: expired values go when touched (and from full snapshots, if set). */
        public Builder disableCleanupInBackground() {
            cleanup = cleanup.with(cleanup.fullSnapshot, cleanup.incremental, cleanup.compactFilter, false);
            return this;
        }

        public Builder setTimeToLive(Duration ttl) {
            Objects.requireNonNull(ttl, "time to live");
            if (ttl.isNegative() || ttl.isZero()) {
                throw new IllegalArgumentException("time to live must be positive: " + ttl);
            }
            this.ttl = ttl;
            return this;
        }

        public StateTtlConfig build() {
            return new StateTtlConfig(updateType, stateVisibility, ttl, cleanup);
        }
    }

    /** The cleanup strategies chosen; in the background by default (incremental on the heap, compaction in RocksDB). */
    public static final class CleanupStrategies implements Serializable {
        private static final long serialVersionUID = 1L;
        static final CleanupStrategies DEFAULT = new CleanupStrategies(false, null, null, true);

        private final boolean fullSnapshot;
        private final IncrementalCleanupStrategy incremental;
        private final RocksdbCompactFilterCleanupStrategy compactFilter;
        private final boolean inBackground;

        private CleanupStrategies(boolean fullSnapshot, IncrementalCleanupStrategy incremental,
                RocksdbCompactFilterCleanupStrategy compactFilter, boolean inBackground) {
            this.fullSnapshot = fullSnapshot;
            this.incremental = incremental;
            this.compactFilter = compactFilter;
            this.inBackground = inBackground;
        }

        private CleanupStrategies with(boolean fullSnapshot, IncrementalCleanupStrategy incremental,
                RocksdbCompactFilterCleanupStrategy compactFilter, boolean inBackground) {
            return new CleanupStrategies(fullSnapshot, incremental, compactFilter, inBackground);
        }

        public boolean inFullSnapshot() {
            return fullSnapshot;
        }

        public boolean isCleanupInBackground() {
            return inBackground;
        }

        /** The incremental strategy set, or in the background by default 5 values per access; else null. */
        public IncrementalCleanupStrategy getIncrementalCleanupStrategy() {
            return incremental != null ? incremental : inBackground ? IncrementalCleanupStrategy.DEFAULT : null;
        }

        public boolean inRocksdbCompactFilter() {
            return getRocksdbCompactFilterCleanupStrategy() != null;
        }

        /** The compaction strategy set, or in the background by default every 1000 entries; else null. */
        public RocksdbCompactFilterCleanupStrategy getRocksdbCompactFilterCleanupStrategy() {
            return compactFilter != null ? compactFilter : inBackground ? RocksdbCompactFilterCleanupStrategy.DEFAULT : null;
        }

        @Override
        public String toString() {
            return "{fullSnapshot=" + fullSnapshot + ", incremental=" + getIncrementalCleanupStrategy()
                    + ", compactFilter=" + getRocksdbCompactFilterCleanupStrategy() + "}";
        }
    }

    /** Incremental cleanup: values checked per state access, and whether per record too. */
    public static final class IncrementalCleanupStrategy implements Serializable {
        private static final long serialVersionUID = 1L;
        static final IncrementalCleanupStrategy DEFAULT = new IncrementalCleanupStrategy(5, false);

        private final int cleanupSize;
        private final boolean runCleanupForEveryRecord;

        IncrementalCleanupStrategy(int cleanupSize, boolean runCleanupForEveryRecord) {
            this.cleanupSize = cleanupSize;
            this.runCleanupForEveryRecord = runCleanupForEveryRecord;
        }

        public int getCleanupSize() {
            return cleanupSize;
        }

        public boolean runCleanupForEveryRecord() {
            return runCleanupForEveryRecord;
        }

        @Override
        public String toString() {
            return cleanupSize + (runCleanupForEveryRecord ? " per access and record" : " per access");
        }
    }

    /** Cleanup by RocksDB's compaction filter. */
    public static final class RocksdbCompactFilterCleanupStrategy implements Serializable {
        private static final long serialVersionUID = 1L;
        static final RocksdbCompactFilterCleanupStrategy DEFAULT =
                new RocksdbCompactFilterCleanupStrategy(1000, Duration.ofDays(30));

        private final long queryTimeAfterNumEntries;
        private final Duration periodicCompactionTime;

        RocksdbCompactFilterCleanupStrategy(long queryTimeAfterNumEntries, Duration periodicCompactionTime) {
            this.queryTimeAfterNumEntries = queryTimeAfterNumEntries;
            this.periodicCompactionTime = Objects.requireNonNull(periodicCompactionTime, "periodic compaction time");
        }

        public long getQueryTimeAfterNumEntries() {
            return queryTimeAfterNumEntries;
        }

        public Duration getPeriodicCompactionTime() {
            return periodicCompactionTime;
        }

        @Override
        public String toString() {
            return "every " + queryTimeAfterNumEntries + " entries, periodic " + periodicCompactionTime;
        }
    }
}
