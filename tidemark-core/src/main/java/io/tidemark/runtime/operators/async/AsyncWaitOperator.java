package io.tidemark.runtime.operators.async;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.Function;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.MailboxExecutor;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.functions.async.AsyncFunction;
import io.tidemark.streaming.api.functions.async.AsyncRetryStrategy;
import io.tidemark.streaming.api.functions.async.CollectionSupplier;
import io.tidemark.streaming.api.functions.async.ResultFuture;
import io.tidemark.streaming.api.operators.AsyncWaitOperatorFactory;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Async I/O on the embedded engine (Flink's {@code AsyncWaitOperator}).
 *
 * <p>Design: the queue holds the records whose calls are in flight and the watermarks between them,
 * in arrival order, at most {@code capacity} entries; a full queue makes the task wait (back-pressure).
 * Calls complete on any thread: a completion is handed to the task thread (a queue of completions, and
 * a mailbox action that wakes the task when it is idle), which applies it, retries it or fails the job,
 * and emits what may leave: ordered, the head while it is complete; unordered, every completed record
 * before the first watermark still queued, and that watermark once none is left before it (results
 * never cross a watermark). Timeouts and retry delays are processing-time timers of the task. Results
 * carry their record's timestamp. A checkpoint holds every queued record and watermark; a restore
 * starts their calls again, in order.
 *
 * <p>Bounds: memory of {@code capacity} records and their results; a waiting task checks its timers
 * every 10 ms of wall time.
 */
public final class AsyncWaitOperator<IN, OUT> extends AbstractStreamOperator<IN, OUT> {

    private static final String SECTION = "async";

    /** A queued record's call, or a watermark. */
    private final class Entry {
        final StreamRecord<IN> record;
        final Watermark watermark;
        int attempts;
        Collection<OUT> result;
        ProcessingTimeService.ScheduledTimer timeout;

        Entry(StreamRecord<IN> record, Watermark watermark) {
            this.record = record;
            this.watermark = watermark;
        }

        boolean done() {
            return watermark != null || result != null;
        }
    }

    /** One attempt's result future: its first completion is handed to the task thread. */
    private final class Attempt implements ResultFuture<OUT> {
        final Entry entry;
        final int attempt;
        final AtomicBoolean completed = new AtomicBoolean();

        Attempt(Entry entry, int attempt) {
            this.entry = entry;
            this.attempt = attempt;
        }

        @Override
        public void complete(Collection<OUT> result) {
            hand(() -> onResult(this, result == null ? List.of() : new ArrayList<>(result), null));
        }

        @Override
        public void completeExceptionally(Throwable error) {
            hand(() -> onResult(this, null, error));
        }

        @Override
        public void complete(CollectionSupplier<OUT> supplier) {
            hand(() -> {
                Collection<OUT> r;
                try {
                    r = supplier.get();
                } catch (Exception e) {
                    onResult(this, null, e);
                    return;
                }
                onResult(this, r == null ? List.of() : new ArrayList<>(r), null);
            });
        }

        private void hand(Runnable action) {
            if (completed.compareAndSet(false, true)) {
                completions.add(action);
                wake();
            }
        }
    }

    private final AsyncFunction<IN, OUT> function;
    private final boolean ordered;
    private final long timeoutMillis;
    private final int capacity;
    private final AsyncRetryStrategy<OUT> retry;
    private final ArrayDeque<Entry> queue = new ArrayDeque<>();
    private final LinkedBlockingQueue<Runnable> completions = new LinkedBlockingQueue<>();
    /** A call's failure: thrown on the task thread by the next drain (a mailbox action's failure would be lost). */
    private RuntimeException failed;
    private final AtomicBoolean wakePending = new AtomicBoolean();
    /** Hands wake-ups to the task's mailbox; one daemon thread per operator subtask. */
    private final ExecutorService waker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "tidemark-async-wake");
        t.setDaemon(true);
        return t;
    });
    /** What a restore brought back, started again in {@link #open}. */
    private List<Object[]> restored = List.of();

    public AsyncWaitOperator(AsyncWaitOperatorFactory<IN, OUT> settings) {
        this.function = settings.getFunction();
        this.ordered = settings.isOrdered();
        this.timeoutMillis = settings.getTimeoutMillis();
        this.capacity = settings.getCapacity();
        this.retry = settings.getRetryStrategy();
    }

    @Override
    protected Function userFunction() {
        return function;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void open() throws Exception {
        super.open();
        for (Object[] e : restored) {
            if (e[0] == null) {
                add(new Entry(null, new Watermark((Long) e[1])));
            } else {
                StreamRecord<IN> r = e[1] == null ? new StreamRecord<>((IN) e[0]) : new StreamRecord<>((IN) e[0], (Long) e[1]);
                start(add(new Entry(r, null)));
            }
        }
        restored = List.of();
    }

    @Override
    public void close() throws Exception {
        waker.shutdownNow();
        super.close();
    }

    @Override
    public void processElement(StreamRecord<IN> record) throws Exception {
        StreamRecord<IN> copy = record.hasTimestamp() ? new StreamRecord<>(record.getValue(), record.getTimestamp())
                : new StreamRecord<>(record.getValue());
        start(add(new Entry(copy, null)));
    }

    @Override
    public void processWatermark(Watermark watermark) throws Exception {
        if (watermark.getTimestamp() <= currentWatermark) {
            return;
        }
        currentWatermark = watermark.getTimestamp();
        metrics.currentInputWatermark.set(currentWatermark);
        add(new Entry(null, watermark));
        emitReady();
    }

    @Override
    public void endInput() throws Exception {
        drain();
        while (!queue.isEmpty()) {
            waitForCompletion();
        }
        super.endInput();
    }

    /** Queues {@code e} once there is room (waiting for completions while the queue is full). */
    private Entry add(Entry e) throws Exception {
        drain();
        while (queue.size() >= capacity) {
            waitForCompletion();
        }
        queue.add(e);
        return e;
    }

    private void start(Entry e) throws Exception {
        e.attempts++;
        Attempt attempt = new Attempt(e, e.attempts);
        if (timeoutMillis > 0 && e.timeout == null) {
            ProcessingTimeService time = context.getProcessingTimeService();
            e.timeout = time.registerTimer(time.getCurrentProcessingTime() + timeoutMillis, t -> onTimeout(e));
        }
        function.asyncInvoke(e.record.getValue(), attempt);
    }

    private void onTimeout(Entry e) throws Exception {
        if (e.result == null && queue.contains(e)) {
            function.timeout(e.record.getValue(), new Attempt(e, -1));
        }
    }

    /** Applies one completion on the task thread: the result, a retry, or the job's failure. */
    private void onResult(Attempt a, Collection<OUT> result, Throwable error) {
        Entry e = a.entry;
        if (e.result != null || !queue.contains(e) || (a.attempt != -1 && a.attempt != e.attempts)) {
            return; // completed already (a timeout, an older attempt) or no longer queued
        }
        if (a.attempt != -1 && retry != null && retry.canRetry(e.attempts) && retries(result, error)) {
            ProcessingTimeService time = context.getProcessingTimeService();
            time.registerTimer(time.getCurrentProcessingTime() + Math.max(0, retry.getBackoffTimeMillis(e.attempts)), t -> {
                if (queue.contains(e) && e.result == null) {
                    start(e);
                }
            });
            return;
        }
        if (error != null) {
            failed = failure(new java.util.concurrent.ExecutionException("async call of " + e.record.getValue() + " failed", error));
            return;
        }
        e.result = result;
        if (e.timeout != null) {
            e.timeout.cancel();
        }
    }

    private boolean retries(Collection<OUT> result, Throwable error) {
        var p = retry.getRetryPredicate();
        return error != null ? p.exceptionPredicate().map(x -> x.test(error)).orElse(false)
                : p.resultPredicate().map(x -> x.test(result)).orElse(false);
    }

    /**
     * Has the task drain the completions when it is idle: through its mailbox, from a thread of this
     * operator's, so that the thread completing a call never waits for the task (a source task runs
     * mailbox actions holding its lock, which it holds while it waits for room in the queue).
     */
    private void wake() {
        if (context.getMailbox() == MailboxExecutor.DIRECT) {
            drainQuietly();
        } else if (wakePending.compareAndSet(false, true)) {
            waker.execute(() -> {
                wakePending.set(false);
                context.getMailbox().submit(() -> {
                    drain();
                    return null;
                });
            });
        }
    }

    private void drainQuietly() {
        try {
            drain();
        } catch (Exception e) {
            // kept in failed; thrown on the task's next call
        }
    }

    /** Applies every completion handed over so far, then emits what may leave. On the task thread. */
    private void drain() throws Exception {
        Runnable r;
        while ((r = completions.poll()) != null) {
            r.run();
        }
        if (failed != null) {
            throw failed;
        }
        emitReady();
    }

    /** Waits at most 10 ms for a completion, fires due timers (timeouts, retries), and drains. */
    private void waitForCompletion() throws Exception {
        Runnable r = completions.poll(10, TimeUnit.MILLISECONDS);
        if (r != null) {
            completions.add(r); // drain applies it, in order with the others
        }
        context.getProcessingTimeService().fireDue();
        drain();
    }

    private void emitReady() {
        if (ordered) {
            while (!queue.isEmpty() && queue.peek().done()) {
                emit(queue.poll());
            }
            return;
        }
        boolean progress = true;
        while (progress && !queue.isEmpty()) {
            progress = false;
            if (queue.peek().watermark != null) {
                emit(queue.poll());
                progress = true;
                continue;
            }
            for (Iterator<Entry> it = queue.iterator(); it.hasNext(); ) {
                Entry e = it.next();
                if (e.watermark != null) {
                    break; // nothing crosses a watermark
                }
                if (e.done()) {
                    it.remove();
                    emit(e);
                    progress = true;
                }
            }
        }
    }

    private void emit(Entry e) {
        if (e.watermark != null) {
            metrics.currentOutputWatermark.set(e.watermark.getTimestamp());
            output.emitWatermark(e.watermark);
            return;
        }
        for (OUT out : e.result) {
            output.collect(e.record.hasTimestamp() ? new StreamRecord<>(out, e.record.getTimestamp()) : new StreamRecord<>(out));
        }
    }

    @Override
    protected void snapshotOperatorState(StateSnapshot.Builder out) throws Exception {
        out.section(SECTION, 1, o -> {
            o.writeInt(queue.size());
            for (Entry e : queue) {
                o.writeBoolean(e.watermark != null);
                if (e.watermark != null) {
                    o.writeLong(e.watermark.getTimestamp());
                } else {
                    o.writeValue(e.record.getValue());
                    o.writeBoolean(e.record.hasTimestamp());
                    o.writeLong(e.record.hasTimestamp() ? e.record.getTimestamp() : 0);
                }
            }
        });
    }

    @Override
    protected void restoreOperatorState(StateSnapshot snapshot, RestoredState from) throws Exception {
        List<Object[]> entries = new ArrayList<>();
        snapshot.read(SECTION, 1, in -> {
            int n = in.readInt();
            for (int i = 0; i < n; i++) {
                if (in.readBoolean()) {
                    entries.add(new Object[] {null, in.readLong()});
                } else {
                    Object value = in.readValue();
                    boolean hasTs = in.readBoolean();
                    long ts = in.readLong();
                    entries.add(new Object[] {value, hasTs ? ts : null});
                }
            }
        });
        restored = entries;
    }
}
