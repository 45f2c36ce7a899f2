package io.tidemark.cli.job;

import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.runtime.state.FunctionInitializationContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A job function's side of the commit protocol of its {@link Link} (see there and
 * {@link io.tidemark.cli.spi.StagedOutput}): at each checkpoint it sends the barrier and keeps the
 * command's answer in the checkpoint (operator list state) — the link's committable, with any counters
 * of the function's, and the command's counts of the link ({@link LinkCounts}, opaque here); when a
 * checkpoint completes it sends back the committable of the latest barrier at or before it. Holds the
 * committables of checkpoints not yet complete (one or two: checkpoints run one at a time).
 */
final class LinkCommits {

    private final TreeMap<Long, Long> pending = new TreeMap<>();
    private ListState<Long> state;
    private ListState<byte[]> countsState;
    /** What the checkpoint the job restored from kept of the link, or null. */
    private Frames.Ack restored;
    private long last = -1;
    private byte[] counts;
    private long[] restoredCounters = new long[0];

    /** Registers the state; on a restore reads the committable, counters and counts back. */
    void initialize(FunctionInitializationContext ctx) throws Exception {
        state = ctx.getOperatorStateStore().getListState(new ListStateDescriptor<>("tidemark-link-committable", Long.class));
        countsState = ctx.getOperatorStateStore().getListState(new ListStateDescriptor<>("tidemark-link-counts", byte[].class));
        List<Long> values = new ArrayList<>();
        for (Long v : state.get()) {
            values.add(v);
        }
        for (byte[] c : countsState.get()) {
            counts = c;
        }
        if (!values.isEmpty()) {
            last = values.get(0);
            restored = new Frames.Ack(last, counts);
            restoredCounters = values.subList(1, values.size()).stream().mapToLong(Long::longValue).toArray();
        }
    }

    /** What the checkpoint the job restored from kept of the link (its committable and counts), or null. */
    Frames.Ack restored() {
        return restored;
    }

    /** The function's counters as they were in that checkpoint, or zeros. */
    long counter(int i) {
        return i < restoredCounters.length ? restoredCounters[i] : 0;
    }

    /**
     * Checkpoint {@code id}: the barrier goes down {@code link} (null before the function linked: the
     * committable and counts are then the restored ones) and the answer, with {@code counters}, into the
     * state.
     */
    void snapshot(Link link, long id, long... counters) throws Exception {
        if (link != null) {
            Frames.Ack ack = link.barrier(id);
            last = ack.offset();
            counts = ack.counts();
        }
        countsState.update(counts == null ? List.of() : List.of(counts));
        pending.put(id, last);
        List<Long> values = new ArrayList<>();
        values.add(last);
        for (long c : counters) {
            values.add(c);
        }
        state.update(values);
    }

    /** Checkpoint {@code id} completed: the command commits the committable of its barrier. */
    void complete(Link link, long id) throws IOException {
        java.util.Map.Entry<Long, Long> e = pending.floorEntry(id);
        if (e == null) {
            return;
        }
        pending.headMap(id, true).clear();
        if (link != null && e.getValue() >= 0) {
            link.commit(e.getKey(), e.getValue());
        }
    }
}
