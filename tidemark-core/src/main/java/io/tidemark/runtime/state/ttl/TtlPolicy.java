package io.tidemark.runtime.state.ttl;

import io.tidemark.api.common.state.StateTtlConfig;
import io.tidemark.time.Clock;
import java.io.Serializable;

/**
 * One state's time-to-live rules, as Flink's: a value stamped at {@code t} is expired from processing
 * time {@code t + ttl} on (the sum saturating at {@code Long.MAX_VALUE}); a read of an expired value
 * removes it and returns it only with {@code ReturnExpiredIfNotCleanedUp}; a read of a live value
 * re-stamps it with {@code OnReadAndWrite}. Time is read from the clock at each access.
 */
final class TtlPolicy implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long ttl;
    private final boolean updateOnRead;
    private final boolean returnExpired;
    private final transient Clock clock;

    TtlPolicy(StateTtlConfig config, Clock clock) {
        this.ttl = config.getTimeToLive().toMillis();
        this.updateOnRead = config.getUpdateType() == StateTtlConfig.UpdateType.OnReadAndWrite;
        this.returnExpired = config.getStateVisibility() == StateTtlConfig.StateVisibility.ReturnExpiredIfNotCleanedUp;
        this.clock = clock;
    }

    long now() {
        return clock.currentTimeMillis();
    }

    boolean expired(TtlValue<?> value) {
        if (value == null) {
            return false;
        }
        long ts = value.lastAccessTimestamp();
        long expiresAt = ts > 0 ? ts + Math.min(Long.MAX_VALUE - ts, ttl) : ts + ttl;
        return expiresAt <= now();
    }

    boolean returnExpired() {
        return returnExpired;
    }

    boolean updateOnRead() {
        return updateOnRead;
    }

    <V> TtlValue<V> wrap(V value) {
        return value == null ? null : new TtlValue<>(value, now());
    }

    /** The user value of {@code value} unless it is expired and expired values are not returned. */
    <V> V unexpired(TtlValue<V> value) {
        return value == null || (!returnExpired && expired(value)) ? null : value.userValue();
    }

    /**
     * Reads a value under the rules: null if absent; an expired one is cleared (and returned only with
     * {@code ReturnExpiredIfNotCleanedUp}); a live one is re-stamped first with {@code OnReadAndWrite}.
     */
    <V> TtlValue<V> read(TtlValue<V> value, Updater<V> update, Runnable clear) throws Exception {
        if (value == null) {
            return null;
        }
        if (expired(value)) {
            clear.run();
            return returnExpired ? value : null;
        }
        if (updateOnRead) {
            TtlValue<V> restamped = new TtlValue<>(value.userValue(), now());
            update.accept(restamped);
            return restamped;
        }
        return value;
    }

    /** Writes a re-stamped value back. */
    @FunctionalInterface
    interface Updater<V> {
        void accept(TtlValue<V> value) throws Exception;
    }
}
