package io.tidemark.streaming.api.functions.sink.filesystem.rollingpolicies;

import io.tidemark.configuration.MemorySize;
import io.tidemark.streaming.api.functions.sink.filesystem.PartFileInfo;
import io.tidemark.streaming.api.functions.sink.filesystem.RollingPolicy;
import java.time.Duration;

/**
 * Flink's default rolling policy: a part file rolls when it reaches the maximum size (128 MiB), when it
 * is older than the rollover interval (60 s), or when nothing was written to it for the inactivity
 * interval (60 s).
 */
public final class DefaultRollingPolicy<IN, BucketID> implements RollingPolicy<IN, BucketID> {

    private static final long serialVersionUID = 1L;

    private final long partSize;
    private final long rolloverInterval;
    private final long inactivityInterval;

    private DefaultRollingPolicy(long partSize, long rolloverInterval, long inactivityInterval) {
        this.partSize = partSize;
        this.rolloverInterval = rolloverInterval;
        this.inactivityInterval = inactivityInterval;
    }

    public static PolicyBuilder builder() {
        return new PolicyBuilder();
    }

    @Override
    public boolean shouldRollOnCheckpoint(PartFileInfo<BucketID> partFileState) {
        return partFileState.getSize() > partSize;
    }

    @Override
    public boolean shouldRollOnEvent(PartFileInfo<BucketID> partFileState, IN element) {
        return partFileState.getSize() > partSize;
    }

    @Override
    public boolean shouldRollOnProcessingTime(PartFileInfo<BucketID> partFileState, long currentTime) {
        return currentTime - partFileState.getCreationTime() >= rolloverInterval
                || currentTime - partFileState.getLastUpdateTime() >= inactivityInterval;
    }

    public long getMaxPartSize() {
        return partSize;
    }

    public long getRolloverInterval() {
        return rolloverInterval;
    }

    public long getInactivityInterval() {
        return inactivityInterval;
    }

    /** Builds a {@link DefaultRollingPolicy}. */
    public static final class PolicyBuilder {
        private long partSize = 128L << 20;
        private long rolloverInterval = 60_000;
        private long inactivityInterval = 60_000;

        public PolicyBuilder withMaxPartSize(MemorySize size) {
            this.partSize = size.getBytes();
            return this;
        }

        public PolicyBuilder withRolloverInterval(Duration interval) {
            this.rolloverInterval = interval.toMillis();
            return this;
        }

        public PolicyBuilder withInactivityInterval(Duration interval) {
            this.inactivityInterval = interval.toMillis();
            return this;
        }

        public <IN, BucketID> DefaultRollingPolicy<IN, BucketID> build() {
            return new DefaultRollingPolicy<>(partSize, rolloverInterval, inactivityInterval);
        }
    }
}
