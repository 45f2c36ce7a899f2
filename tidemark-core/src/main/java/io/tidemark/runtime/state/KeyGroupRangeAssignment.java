package io.tidemark.runtime.state;

import io.tidemark.api.common.TaskInfo;

/**
 * Which subtask a key belongs to, as Flink 2.3 decides it ({@code KeyGroupRangeAssignment}): a key's
 * <em>key group</em> is a murmur hash of {@code key.hashCode()} modulo the maximum parallelism; subtask
 * {@code i} of {@code p} owns the contiguous key groups {@code g} with {@code g * p / maxParallelism == i}.
 * Keyed state and timers are checkpointed with the key-group range of their subtask, so a checkpoint
 * restores at another parallelism (as long as the maximum parallelism is the same).
 *
 * <p>Worked example, maximum parallelism 128 (the default up to parallelism 85): the key {@code "a"}
 * has {@code hashCode()} 97, whose murmur hash is 1,455,541,201; 1,455,541,201 mod 128 = 81, its key
 * group; at parallelism 4 it goes to subtask 81 × 4 / 128 = 2 (key groups 64..95), at parallelism 3 to
 * subtask 81 × 3 / 128 = 1 (key groups 43..85).
 */
public final class KeyGroupRangeAssignment {

    private KeyGroupRangeAssignment() {}

    /** The subtask of {@code parallelism} that owns {@code key}. */
    public static int assignKeyToParallelOperator(Object key, int maxParallelism, int parallelism) {
        return computeOperatorIndexForKeyGroup(maxParallelism, parallelism, assignToKeyGroup(key, maxParallelism));
    }

    /** The key group of {@code key}. */
    public static int assignToKeyGroup(Object key, int maxParallelism) {
        if (key == null) {
            throw new NullPointerException("the key selector returned null");
        }
        return computeKeyGroupForKeyHash(key.hashCode(), maxParallelism);
    }

    /** The key group of a key whose {@code hashCode()} is {@code keyHash}. */
    public static int computeKeyGroupForKeyHash(int keyHash, int maxParallelism) {
        return murmurHash(keyHash) % maxParallelism;
    }

    /** The subtask of {@code parallelism} that owns key group {@code keyGroup}. */
    public static int computeOperatorIndexForKeyGroup(int maxParallelism, int parallelism, int keyGroup) {
        return keyGroup * parallelism / maxParallelism;
    }

    /**
     * The key groups subtask {@code index} of {@code parallelism} owns: every {@code g} with
     * {@code g * parallelism / maxParallelism == index}.
     */
    public static KeyGroupRange computeKeyGroupRangeForOperatorIndex(int maxParallelism, int parallelism, int index) {
        if (parallelism < 1 || parallelism > maxParallelism || index < 0 || index >= parallelism) {
            throw new IllegalArgumentException("subtask " + index + " of " + parallelism + " at maximum parallelism " + maxParallelism);
        }
        int start = (index * maxParallelism + parallelism - 1) / parallelism;
        int end = ((index + 1) * maxParallelism - 1) / parallelism;
        return new KeyGroupRange(start, end);
    }

    /** Flink's default maximum parallelism for an operator of {@code parallelism}: 1.5 × it rounded up to a power of two, from 128 to 32768. */
    public static int computeDefaultMaxParallelism(int parallelism) {
        return TaskInfo.defaultMaxParallelism(parallelism);
    }

    /**
     * MurmurHash3 (x86, 32 bits, seed 0) of the four bytes of {@code code} as one block, made
     * non-negative (a negative hash is negated, {@code Integer.MIN_VALUE} becomes 0) — the hash Flink
     * spreads key hash codes with.
     */
    static int murmurHash(int code) {
        int h = mixBlock(code);
        h = Integer.rotateLeft(h, 13) * 5 + 0xe6546b64; // the one block folded into the seed 0
        h ^= 4; // the length in bytes
        h = finalMix(h);
        if (h >= 0) {
            return h;
        }
        return h == Integer.MIN_VALUE ? 0 : -h;
    }

    /** Murmur3's scrambling of one 4-byte block. */
    private static int mixBlock(int k) {
        k *= 0xcc9e2d51;
        k = Integer.rotateLeft(k, 15);
        return k * 0x1b873593;
    }

    /** Murmur3's finalisation mix ({@code fmix32}): every input bit affects every output bit. */
    private static int finalMix(int h) {
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        return h ^ (h >>> 16);
    }
}
