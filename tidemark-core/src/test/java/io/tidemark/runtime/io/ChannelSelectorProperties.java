package io.tidemark.runtime.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.functions.LongKeySelector;
import io.tidemark.streaming.api.transformations.PartitionTransformation.Partitioning;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The hash exchange sends a record keyed by a {@link LongKeySelector} where its boxed key would go. */
class ChannelSelectorProperties {

    @Property(tries = 500)
    void aLongKeyGoesToTheChannelOfItsBoxedKey(@ForAll long key, @ForAll @IntRange(min = 1, max = 64) int channels,
            @ForAll @IntRange(min = 64, max = 32768) int maxParallelism)
            throws Exception {
        KeySelector<Object, ?> boxed = v -> (Long) v;
        KeySelector<Object, ?> unboxed = LongKeySelector.of(v -> (Long) v);
        int viaBox = ChannelSelector.of(Partitioning.HASH, boxed, 0, channels, maxParallelism).select(key);
        int viaLong = ChannelSelector.of(Partitioning.HASH, unboxed, 0, channels, maxParallelism).select(key);
        assertThat(viaLong).isEqualTo(viaBox).isBetween(0, channels - 1);
    }
}
