package io.tidemark.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An order-independent fingerprint of a multiset of results: their number, and the sum and the xor of
 * a strong 64-bit hash of each result. Two engines that emit the same results (in any order) have
 * equal digests; one result more, less or different changes it with overwhelming probability. Small
 * runs also keep the results themselves, so a mismatch can be shown.
 */
public final class Digest {

    private static final int KEEP = 2_000;

    long count;
    long sum;
    long xor;
    final List<Result> kept = new ArrayList<>();
    final boolean keep;

    public Digest(boolean keep) {
        this.keep = keep;
    }

    /** Synchronized: at parallelism above 1 several sink subtasks add at once (uncontended at 1). */
    public synchronized void add(long key, long start, long end, long count, long sum) {
        long h = mix(key * 0x9E3779B97F4A7C15L + mix(start * 0xC2B2AE3D27D4EB4FL + mix(end + mix(count * 31 + mix(sum)))));
        this.count++;
        this.sum += h;
        this.xor ^= mix(h ^ 0x5851F42D4C957F2DL);
        if (keep && kept.size() < KEEP) {
            kept.add(new Result(key, start, end, count, sum));
        }
    }

    public void add(Result r) {
        add(r.key, r.start, r.end, r.count, r.sum);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    public long count() {
        return count;
    }

    public boolean sameAs(Digest o) {
        return count == o.count && sum == o.sum && xor == o.xor;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d results #%016x%016x", count, sum, xor);
    }
}
