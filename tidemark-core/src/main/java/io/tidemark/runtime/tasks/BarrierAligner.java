package io.tidemark.runtime.tasks;

import io.tidemark.runtime.io.CheckpointBarrier;
import java.util.ArrayDeque;

/**
 * Aligns checkpoint barriers over the channels of an input task (Flink's aligned checkpoints).
 *
 * <p>Exactly once: when a channel's barrier arrives, the channel is <i>blocked</i>: the items that
 * follow on it are stashed, not processed, until every other channel has delivered the same barrier
 * or has ended; then the task snapshots, forwards the barrier, and processes the stashed items in their
 * order before reading on. So the snapshot holds exactly the items before the barrier on every channel.
 * At least once: no channel is blocked; the snapshot is taken when the last barrier arrives.
 *
 * <p>A barrier older than the last checkpoint handled (completed, or aborted while aligning) is
 * ignored, and a newer one while aligning ends the older alignment (its checkpoint was aborted): no
 * barrier can block a channel forever. Bound: the stash holds what the blocked channels delivered
 * while the slowest channel's barrier was on its way (in-flight data, at most the gate's capacity per
 * channel plus what upstream sent meanwhile).
 */
final class BarrierAligner {

    private final boolean exactlyOnce;
    private final boolean[] seen;
    private final ArrayDeque<Object>[] stash;
    private long aligning = -1;
    private long timestamp;
    /** The highest checkpoint id snapshotted or given up; barriers up to it are ignored. */
    private long handled;

    @SuppressWarnings("unchecked")
    BarrierAligner(int numChannels, boolean exactlyOnce, long handled) {
        this.exactlyOnce = exactlyOnce;
        this.seen = new boolean[numChannels];
        this.stash = new ArrayDeque[numChannels];
        this.handled = handled;
    }

    /** Whether items from {@code channel} wait in the stash now. */
    boolean isBlocked(int channel) {
        return exactlyOnce && aligning >= 0 && seen[channel];
    }

    void stash(int channel, Object item) {
        ArrayDeque<Object> s = stash[channel];
        if (s == null) {
            s = new ArrayDeque<>();
            stash[channel] = s;
        }
        s.add(item);
    }

    /**
     * A barrier arrived on {@code channel}; {@code ended} tells which channels have ended. Returns the
     * barrier to snapshot and forward when this completes the alignment, else null. Stashed items to
     * process next go to {@code replay} (also when a newer barrier supersedes an alignment).
     */
    CheckpointBarrier onBarrier(int channel, CheckpointBarrier barrier, boolean[] ended, Replay replay) {
        if (barrier.id() <= handled || (aligning >= 0 && barrier.id() < aligning)) {
            return null;
        }
        if (barrier.id() > aligning) {
            release(replay);
            aligning = barrier.id();
            timestamp = barrier.timestamp();
        }
        seen[channel] = true;
        return check(ended, replay);
    }

    /** A channel ended: it no longer holds an alignment back. Returns the barrier when that completes one. */
    CheckpointBarrier onEnded(boolean[] ended, Replay replay) {
        return aligning < 0 ? null : check(ended, replay);
    }

    /** Checkpoint {@code id} was aborted: an alignment for it (or an older one) ends, nothing is snapshotted. */
    void abort(long id, Replay replay) {
        handled = Math.max(handled, id);
        if (aligning >= 0 && aligning <= id) {
            release(replay);
        }
    }

    private CheckpointBarrier check(boolean[] ended, Replay replay) {
        for (int c = 0; c < seen.length; c++) {
            if (!seen[c] && !ended[c]) {
                return null;
            }
        }
        CheckpointBarrier done = new CheckpointBarrier(aligning, timestamp);
        handled = aligning;
        release(replay);
        return done;
    }

    /** Ends the current alignment: the stashed items go to {@code replay}, channel by channel, in order. */
    private void release(Replay replay) {
        for (int c = 0; c < seen.length; c++) {
            seen[c] = false;
            ArrayDeque<Object> s = stash[c];
            if (s != null) {
                while (!s.isEmpty()) {
                    replay.add(c, s.poll());
                }
            }
        }
        aligning = -1;
    }

    /** Items to process again, with their channels, in order. */
    static final class Replay {
        private final ArrayDeque<Object> items = new ArrayDeque<>();
        private final ArrayDeque<Integer> channels = new ArrayDeque<>();

        void add(int channel, Object item) {
            channels.add(channel);
            items.add(item);
        }

        boolean isEmpty() {
            return items.isEmpty();
        }

        int peekChannel() {
            return channels.peek();
        }

        Object poll() {
            channels.poll();
            return items.poll();
        }
    }
}
