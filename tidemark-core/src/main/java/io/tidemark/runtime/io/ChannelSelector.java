package io.tidemark.runtime.io;

import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.runtime.state.KeyGroupRangeAssignment;
import io.tidemark.streaming.api.transformations.PartitionTransformation.Partitioning;

/** Picks the downstream channel of a record for one exchange. */
abstract class ChannelSelector {

    /** The channel, or -1 for "every channel" (broadcast). */
    abstract int select(Object value) throws Exception;

    @SuppressWarnings("unchecked")
    /**
     * @param numChannels the downstream subtasks
     * @param maxParallelism the downstream operator's maximum parallelism: its number of key groups
     */
    static ChannelSelector of(Partitioning partitioning, KeySelector<Object, ?> keySelector, int subtask, int numChannels,
            int maxParallelism) {
        switch (partitioning) {
            case HASH:
                if (keySelector instanceof LongKeySelector) {
                    LongKeySelector<Object> longKeys = (LongKeySelector<Object>) keySelector;
                    return new ChannelSelector() {
                        @Override
                        int select(Object value) throws Exception {
                            return channelForHash(Long.hashCode(longKeys.getLongKey(value)), numChannels, maxParallelism); // = the boxed key's
                        }
                    };
                }
                return new ChannelSelector() {
                    @Override
                    int select(Object value) throws Exception {
                        return KeyGroupRangeAssignment.assignKeyToParallelOperator(keySelector.getKey(value), maxParallelism, numChannels);
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

    /** The subtask a key of hash code {@code hashCode} belongs to: its key group's owner, as in Flink. */
    private static int channelForHash(int hashCode, int numChannels, int maxParallelism) {
        return KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(maxParallelism, numChannels,
                KeyGroupRangeAssignment.computeKeyGroupForKeyHash(hashCode, maxParallelism));
    }
}
