package io.tidemark.runtime.io;

import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.streaming.api.transformations.PartitionTransformation.Partitioning;

/** Picks the downstream channel of a record for one exchange. */
abstract class ChannelSelector {

    /** The channel, or -1 for "every channel" (broadcast). */
    abstract int select(Object value) throws Exception;

    @SuppressWarnings("unchecked")
    static ChannelSelector of(Partitioning partitioning, KeySelector<Object, ?> keySelector, int subtask, int numChannels) {
        switch (partitioning) {
            case HASH:
                if (keySelector instanceof LongKeySelector) {
                    LongKeySelector<Object> longKeys = (LongKeySelector<Object>) keySelector;
                    return new ChannelSelector() {
                        @Override
                        int select(Object value) throws Exception {
                            return channelForHash(Long.hashCode(longKeys.getLongKey(value)), numChannels); // = the boxed key's
                        }
                    };
                }
                return new ChannelSelector() {
                    @Override
                    int select(Object value) throws Exception {
                        return channelForKey(keySelector.getKey(value), numChannels);
                    }
                };
            case BROADCAST:
                return new ChannelSelector() {
                    @Override
                    int select(Object value) {
                        return -1;
                    }
                };
            case FORWARD:
                return new ChannelSelector() {
                    @Override
                    int select(Object value) {
                        return subtask % numChannels;
                    }
                };
            case REBALANCE:
            default:
                return new ChannelSelector() {
                    private int next = subtask % numChannels;

                    @Override
                    int select(Object value) {
                        int c = next;
                        next = next + 1 == numChannels ? 0 : next + 1;
                        return c;
                    }
                };
        }
    }

    /** The subtask a key belongs to: a mixed hash of {@code key.hashCode()}, so all its records meet. */
    static int channelForKey(Object key, int numChannels) {
        if (key == null) {
            throw new NullPointerException("the key selector returned null");
        }
        return channelForHash(key.hashCode(), numChannels);
    }

    private static int channelForHash(int hashCode, int numChannels) {
        int h = hashCode * 0x9E3779B9;
        h ^= h >>> 16;
        return Math.floorMod(h, numChannels);
    }
}
