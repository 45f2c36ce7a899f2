package io.tidemark.flink.bridge;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;

/**
 * A bounded Flink source whose enumerator, restored from a checkpoint, still tells its readers that no
 * more splits come, so that the job ends at its stopping offsets.
 *
 * <p>Why: Flink's bounded {@code KafkaSource} (connector 5.0.0-2.2) never ends once restored
 * (FLINK-31006, FLINK-33466): the restored enumerator's one discovery finds every partition already
 * assigned, returns before the only code that marks discovery finished, and so never sends
 * {@code NoMoreSplitsEvent}; the readers read to their stopping offsets and wait for it forever.
 *
 * <p>How: everything is the wrapped source's; only a restored enumerator sees its context through
 * {@link Context}, which watches the enumerator's asynchronous calls. When its first one-shot call (the
 * discovery) is handled without starting another (the assignment of new partitions, after which the
 * enumerator signals by itself), discovery has found nothing new: every registered reader, and every
 * reader that registers later, is told once per registration that no more splits come — unless the
 * enumerator told it already. A fresh enumerator, and an unbounded source, are the wrapped source's,
 * untouched.
 */
public final class RestoredBoundedSource<T, S extends SourceSplit, E> implements Source<T, S, E>, ResultTypeQueryable<T> {

    private static final long serialVersionUID = 1L;

    private final Source<T, S, E> source;
    private final TypeInformation<T> type;

    public RestoredBoundedSource(Source<T, S, E> source, TypeInformation<T> type) {
        this.source = source;
        this.type = type;
    }

    @Override
    public Boundedness getBoundedness() {
        return source.getBoundedness();
    }

    @Override
    public SplitEnumerator<S, E> createEnumerator(SplitEnumeratorContext<S> context) throws Exception {
        return source.createEnumerator(context);
    }

    @Override
    public SplitEnumerator<S, E> restoreEnumerator(SplitEnumeratorContext<S> context, E checkpoint) throws Exception {
        if (source.getBoundedness() != Boundedness.BOUNDED) {
            return source.restoreEnumerator(context, checkpoint);
        }
        Context<S> watched = new Context<>(context);
        return new Enumerator<>(source.restoreEnumerator(watched, checkpoint), watched);
    }

    @Override
    public SimpleVersionedSerializer<S> getSplitSerializer() {
        return source.getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<E> getEnumeratorCheckpointSerializer() {
        return source.getEnumeratorCheckpointSerializer();
    }

    @Override
    public SourceReader<T, S> createReader(SourceReaderContext context) throws Exception {
        return source.createReader(context);
    }

    @Override
    public TypeInformation<T> getProducedType() {
        return type;
    }

    /** The restored enumerator, which tells a (re-)registering reader that no more splits come once discovery found none. */
    private static final class Enumerator<S extends SourceSplit, E> implements SplitEnumerator<S, E> {
        private final SplitEnumerator<S, E> e;
        private final Context<S> context;

        Enumerator(SplitEnumerator<S, E> e, Context<S> context) {
            this.e = e;
            this.context = context;
        }

        @Override
        public void start() {
            e.start();
        }

        @Override
        public void handleSplitRequest(int subtask, String host) {
            e.handleSplitRequest(subtask, host);
        }

        @Override
        public void addSplitsBack(List<S> splits, int subtask) {
            e.addSplitsBack(splits, subtask);
        }

        @Override
        public void addReader(int subtask) {
            context.signalled.remove(subtask); // a new registration: it is told again
            e.addReader(subtask);
            context.signalIfDone();
        }

        @Override
        public E snapshotState(long checkpointId) throws Exception {
            return e.snapshotState(checkpointId);
        }

        @Override
        public void close() throws java.io.IOException {
            try {
                e.close();
            } catch (java.io.IOException | RuntimeException x) {
                throw x;
            } catch (Exception x) {
                throw new java.io.IOException(x);
            }
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) throws Exception {
            e.notifyCheckpointComplete(checkpointId);
        }

        @Override
        public void notifyCheckpointAborted(long checkpointId) throws Exception {
            e.notifyCheckpointAborted(checkpointId);
        }

        @Override
        public void handleSourceEvent(int subtask, SourceEvent event) {
            e.handleSourceEvent(subtask, event);
        }
    }

    /**
     * The enumerator's context, watching its one-shot asynchronous calls and its no-more-splits signals
     * (all on the coordinator thread).
     */
    private static final class Context<S extends SourceSplit> implements SplitEnumeratorContext<S> {
        private final SplitEnumeratorContext<S> c;
        /** Readers told in their current registration, by the enumerator or by this. */
        final Set<Integer> signalled = new HashSet<>();
        private boolean discovering = true;
        private int handling;
        private boolean followedUp;
        /** Discovery found nothing new: this tells the readers. */
        private boolean done;

        Context(SplitEnumeratorContext<S> c) {
            this.c = c;
        }

        void signalIfDone() {
            if (done) {
                for (Integer reader : c.registeredReaders().keySet()) {
                    if (signalled.add(reader)) {
                        c.signalNoMoreSplits(reader);
                    }
                }
            }
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
            if (handling > 0) {
                followedUp = true; // discovery found partitions to assign: the enumerator signals when it has
            }
            boolean first = discovering;
            discovering = false;
            c.callAsync(callable, !first ? handler : (result, error) -> {
                handling++;
                try {
                    handler.accept(result, error);
                } finally {
                    handling--;
                }
                if (error == null && !followedUp) {
                    done = true;
                    signalIfDone();
                }
            });
        }

        @Override
        public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long initialDelay, long period) {
            discovering = false; // periodic discovery: not a bounded source's
            c.callAsync(callable, handler, initialDelay, period);
        }

        @Override
        public void signalNoMoreSplits(int subtask) {
            if (signalled.add(subtask)) {
                c.signalNoMoreSplits(subtask);
            }
        }

        @Override
        public SplitEnumeratorMetricGroup metricGroup() {
            return c.metricGroup();
        }

        @Override
        public void sendEventToSourceReader(int subtask, SourceEvent event) {
            c.sendEventToSourceReader(subtask, event);
        }

        @Override
        public void sendEventToSourceReader(int subtask, int attempt, SourceEvent event) {
            c.sendEventToSourceReader(subtask, attempt, event);
        }

        @Override
        public int currentParallelism() {
            return c.currentParallelism();
        }

        @Override
        public Map<Integer, ReaderInfo> registeredReaders() {
            return c.registeredReaders();
        }

        @Override
        public Map<Integer, Map<Integer, ReaderInfo>> registeredReadersOfAttempts() {
            return c.registeredReadersOfAttempts();
        }

        @Override
        public void assignSplits(SplitsAssignment<S> assignment) {
            c.assignSplits(assignment);
        }

        @Override
        public void runInCoordinatorThread(Runnable runnable) {
            c.runInCoordinatorThread(runnable);
        }

        @Override
        public void setIsProcessingBacklog(boolean backlog) {
            c.setIsProcessingBacklog(backlog);
        }
    }
}
