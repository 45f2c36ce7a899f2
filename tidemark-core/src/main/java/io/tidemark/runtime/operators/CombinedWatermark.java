package io.tidemark.runtime.operators;

import java.util.Arrays;

/**
 * The watermark of an operator with several inputs, from each input's watermark and idle status, by
 * Flink 2.3's rules (its {@code CombinedWatermarkStatus}):
 * <ul>
 *   <li>the combined watermark is the minimum over the inputs that are not idle;
 *   <li>when every input is idle it is the maximum over all inputs' watermarks, and the operator is idle;
 *   <li>it only moves forward: a change that would lower it is ignored;
 *   <li>a watermark from an input makes that input active again.
 * </ul>
 * Each input's own channels are combined before this, by the task's valve for that input. Worked
 * example: input 1 at 10, input 2 at 4 → 4; input 2 goes idle → 10; input 1 goes idle too → still 10,
 * idle; input 2 sends 7 → active again, min over active = 7, below 10: stays 10.
 * Cost O(inputs) per watermark or status change. Not thread-safe: the task's thread owns it.
 */
public final class CombinedWatermark {

    private final long[] watermarks;
    private final boolean[] idle;
    private long combined = Long.MIN_VALUE;
    private boolean allIdle;

    public CombinedWatermark(int inputs) {
        watermarks = new long[inputs];
        idle = new boolean[inputs];
        Arrays.fill(watermarks, Long.MIN_VALUE);
    }

    /** Input {@code input} (from 0) reached {@code watermark}; true when the combined watermark advanced. */
    public boolean updateWatermark(int input, long watermark) {
        idle[input] = false;
        watermarks[input] = Math.max(watermarks[input], watermark);
        return recompute();
    }

    /** Input {@code input} went idle or active; true when the combined watermark advanced. */
    public boolean updateStatus(int input, boolean isIdle) {
        idle[input] = isIdle;
        return recompute();
    }

    private boolean recompute() {
        long max = Long.MIN_VALUE;
        long minActive = Long.MAX_VALUE;
        boolean all = true;
        for (int i = 0; i < watermarks.length; i++) {
            max = Math.max(max, watermarks[i]);
            if (!idle[i]) {
                minActive = Math.min(minActive, watermarks[i]);
                all = false;
            }
        }
        allIdle = all;
        long candidate = all ? max : minActive;
        if (candidate > combined) {
            combined = candidate;
            return true;
        }
        return false;
    }

    public long getCombinedWatermark() {
        return combined;
    }

    /** Whether every input is idle. */
    public boolean isIdle() {
        return allIdle;
    }

    /** Writes each input's watermark and status, and the combined watermark. */
    public void snapshot(io.tidemark.runtime.checkpoint.StateOutput out) {
        out.writeInt(watermarks.length);
        for (int i = 0; i < watermarks.length; i++) {
            out.writeLong(watermarks[i]);
            out.writeBoolean(idle[i]);
        }
        out.writeLong(combined);
        out.writeBoolean(allIdle);
    }

    /** Restores what {@link #snapshot} wrote. */
    public void restore(io.tidemark.runtime.checkpoint.StateInput in) throws java.io.IOException {
        int n = in.readInt();
        if (n != watermarks.length) {
            throw new java.io.IOException("a combined watermark of " + n + " inputs cannot be restored into one of " + watermarks.length);
        }
        for (int i = 0; i < n; i++) {
            watermarks[i] = in.readLong();
            idle[i] = in.readBoolean();
        }
        combined = in.readLong();
        allIdle = in.readBoolean();
    }

    /**
     * Merges what {@link #snapshot} wrote into this one, keeping the lowest watermarks (idle only if
     * idle in both): a restore at a changed parallelism, from several old subtasks; {@code first}
     * restores the first as it is.
     */
    public void restoreLowest(io.tidemark.runtime.checkpoint.StateInput in, boolean first) throws java.io.IOException {
        if (first) {
            restore(in);
            return;
        }
        CombinedWatermark other = new CombinedWatermark(watermarks.length);
        other.restore(in);
        for (int i = 0; i < watermarks.length; i++) {
            watermarks[i] = Math.min(watermarks[i], other.watermarks[i]);
            idle[i] &= other.idle[i];
        }
        combined = Math.min(combined, other.combined);
        allIdle &= other.allIdle;
    }

    /** The watermark input {@code input} last reached. */
    public long inputWatermark(int input) {
        return watermarks[input];
    }
}
