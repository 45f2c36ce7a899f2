package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.runtime.io.RecordWriter;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.operators.StreamingRuntimeContext;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one source subtask and the chain of operators behind it, on one thread (Flink's legacy source
 * task).
 *
 * <p>Design: the source's {@code run} pushes records synchronously through the chain while holding
 * the task lock. Processing-time timers fire on the source thread before each emitted item (on the
 * wall clock: every few items). A helper thread, holding the same lock, fires timers while the source
 * is blocked on input (wall clock only; while the source keeps emitting, the helper leaves due timers
 * to it for up to {@value #DEFER_TO_BUSY_SOURCE_NANOS} ns rather than contend for the lock)
 * and hands over partly filled outgoing batches every {@value #FLUSH_INTERVAL_MILLIS} ms when the chain
 * ends in an exchange; otherwise it sleeps until the next timer (an idle job wakes once per timer,
 * e.g. every 200 ms for periodic watermarks). When {@code run} returns the input is bounded: the task
 * sends the final watermark {@code Long.MAX_VALUE}, then end of input, through the chain.
 *
 * <p>Checkpoints: the coordinator's trigger takes the task lock, snapshots the source (its position:
 * split states, per-split watermarks, a checkpointed function's state) and the chain, and injects the
 * barrier into every outgoing channel, all between two emissions. With checkpoints the task, once its
 * input has ended, reports its final snapshot and waits for the job's final checkpoint before closing.
 */
final class SourceTask<T> implements Task, CheckpointCoordinator.CheckpointParticipant {

    /** Longest time a record waits in a partly filled outgoing batch. */
    static final long FLUSH_INTERVAL_MILLIS = 5;

    /**
     * How long the helper leaves a due timer to a source thread that is emitting records (it fires due
     * timers itself every few records) before firing it under the lock itself. Keeps the helper from
     * contending for the lock, and so the lock's monitor from inflating, while the source is busy.
     */
    static final long DEFER_TO_BUSY_SOURCE_NANOS = 2_000_000L;

    private final String name;
    private final SourceFunction<T> source;
    /** The user's function whose life cycle the task runs: the source function, or a split source. */
    private final Function userFunction;
    private final OperatorContext sourceContext;
    private final Output<T> sourceOutput;
    private final List<AbstractStreamOperator<?, ?>> operators; // topological order
    private final List<RecordWriter<?>> writers;
    private final ProcessingTimeService timeService;
    private final Object lock = new Object();
    private final SourceContextImpl<T> ctx;
    private final TaskMailbox mailbox;
    private LocalJob job;
    private volatile boolean running = true;
    private boolean opened;
    private volatile Thread helperThread;
    private volatile Thread taskThread;
    private final ChainCheckpoints checkpoints;
    /** Null when checkpointing is off. */
    private final CheckpointCoordinator coordinator;
    private io.tidemark.runtime.checkpoint.FunctionStates sourceStates;
    /** Under the lock: the input has ended and the final snapshot was reported. */
    private boolean ended;
    /** Counted down once the source and its chain are open, or the task has ended. */
    private final java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
    private static final String SECTION = "source";
    /**
     * A replayed clock's time ({@link io.tidemark.time.ReplayClock}: processing time from the data): part
     * of the source's position, so a restored job's clock, and the timers and idleness on it, go on from
     * where the checkpoint's were. Absent without a replay clock (and in older checkpoints).
     */
    private static final String REPLAY_CLOCK = "replay-clock";

    SourceTask(String name, SourceFunction<T> source, Function userFunction, OperatorContext sourceContext,
            Output<T> sourceOutput, List<AbstractStreamOperator<?, ?>> operators, List<RecordWriter<?>> writers,
            ProcessingTimeService timeService, TaskMailbox mailbox, ChainCheckpoints checkpoints,
            CheckpointCoordinator coordinator) {
        this.name = name;
        this.checkpoints = checkpoints;
        this.coordinator = coordinator;
        this.mailbox = mailbox;
        mailbox.runUnder(lock); // every operator call of the chain holds the task lock
        this.source = source;
        this.userFunction = userFunction;
        this.sourceContext = sourceContext;
        this.sourceOutput = sourceOutput;
        this.operators = operators;
        this.writers = writers;
        this.timeService = timeService;
        this.ctx = new SourceContextImpl<>(lock, timeService, sourceOutput, sourceContext.getMetrics());
    }

    @Override
    public void bind(LocalJob job) {
        this.job = job;
    }

    @Override
    public String getName() {
        return name;
    }

    /** Runs the source and its chain, then stops the timer thread and closes everything (see {@link Task#runThenClose}). */
    @Override
    public void run() {
        Task.runThenClose(this, job, this::runSource, this::stopAndClose);
    }

    /** Opens, runs the source to its end (or until cancelled), ends the input; returns the failure or null. */
    private Throwable runSource() {
        taskThread = Thread.currentThread();
        try {
            boolean finishedBefore;
            synchronized (lock) {
                if (userFunction instanceof RichFunction) {
                    ((RichFunction) userFunction).setRuntimeContext(new StreamingRuntimeContext(sourceContext, null));
                }
                finishedBefore = restoreSource();
                if (userFunction instanceof RichFunction) {
                    ((RichFunction) userFunction).open(new OpenContext() {});
                }
                checkpoints.initializeState();
                Lifecycle.open(operators);
                opened = true;
            }
            started.countDown();
            startHelperThread();
            if (!finishedBefore) {
                try {
                    source.run(ctx);
                } catch (OperatorException e) {
                    throw e;
                } catch (Throwable t) {
                    if (running) {
                        throw OperatorException.wrap(sourceContext.getOperatorName(), sourceContext.getSubtaskIndex(), t);
                    }
                }
            }
            if (running) {
                synchronized (lock) {
                    if (!finishedBefore) {
                        ctx.fireTimers();
                        ctx.emitWatermarkLocked(Watermark.MAX_WATERMARK);
                        sourceOutput.endInput();
                        flushWriters();
                    } else { // the restored chain has seen the end; consumers restored at another parallelism have not
                        for (io.tidemark.runtime.io.RecordWriter<?> w : writers) {
                            w.processWatermark(Watermark.MAX_WATERMARK); // ignored by a channel restored as ended
                            w.endInput();
                        }
                    }
                    if (coordinator != null) {
                        ended = true;
                        long now = System.currentTimeMillis();
                        coordinator.taskFinished(this, checkpoints.snapshot(Long.MAX_VALUE, now, snapshotSource(Long.MAX_VALUE, now)));
                    }
                }
                if (coordinator != null) {
                    coordinator.awaitFinal();
                    synchronized (lock) {
                        sourceStates.notifyComplete(Long.MAX_VALUE); // see ChainCheckpoints.notifyFinal
                        checkpoints.notifyFinal();
                    }
                }
            }
            return null;
        } catch (Throwable t) {
            return t;
        }
    }

    /**
     * Restores the source's state (checkpoint restore) and initializes its checkpointed function;
     * returns whether the source had finished in the checkpoint (it then emits nothing).
     */
    private boolean restoreSource() throws Exception {
        io.tidemark.runtime.checkpoint.RestoredState r = checkpoints.taskRestored();
        boolean[] finished = {false};
        if (r != null && r.rescaled()) {
            finished[0] = restoreRescaled(r);
        } else if (r != null) {
            r.own().read(SECTION, 1, in -> {
                finished[0] = in.readBoolean();
                io.tidemark.runtime.watermarks.WatermarkState emitted = ctx.emitted();
                emitted.advance(in.readLong());
                if (in.readBoolean()) {
                    emitted.markIdle();
                }
                if (in.readBoolean()) {
                    ((io.tidemark.runtime.source.SplitSourceAdapter<T>) source).restore(in);
                }
            });
            if (timeService.getClock() instanceof io.tidemark.time.ReplayClock replay) {
                r.own().read(REPLAY_CLOCK, 1, in -> replay.advanceTo(in.readLong()));
            }
        }
        sourceStates = new io.tidemark.runtime.checkpoint.FunctionStates(userFunction == null ? List.of() : List.of(userFunction));
        sourceStates.initialize(r, sourceContext.getSubtaskIndex(), sourceContext.getParallelism(), null);
        return finished[0];
    }

    /**
     * Restores the source at another parallelism than the checkpoint's: a split source's splits go to
     * the subtasks that read them now, each with its position and watermark, from every old subtask; the
     * emitted watermark and a replayed clock start at the lowest of the old subtasks'. A source of
     * another kind (its positions, if any, in its functions' list state) has ended if all the old
     * subtasks whose share it takes had ended.
     */
    private boolean restoreRescaled(io.tidemark.runtime.checkpoint.RestoredState r) throws Exception {
        boolean splits = source instanceof io.tidemark.runtime.source.SplitSourceAdapter;
        long[] lowest = {Long.MAX_VALUE, Long.MAX_VALUE};
        boolean[] ended = {!r.shares().isEmpty()};
        for (io.tidemark.runtime.checkpoint.StateSnapshot part : r.all()) {
            boolean share = r.shares().stream().anyMatch(s -> s == part);
            part.read(SECTION, 1, in -> {
                boolean partEnded = in.readBoolean();
                ended[0] &= !share || partEnded;
                lowest[0] = Math.min(lowest[0], in.readLong());
                in.readBoolean(); // idle: a rescaled source finds out again
                if (in.readBoolean()) {
                    ((io.tidemark.runtime.source.SplitSourceAdapter<T>) source).restorePart(in);
                }
            });
            part.read(REPLAY_CLOCK, 1, in -> lowest[1] = Math.min(lowest[1], in.readLong()));
        }
        if (splits) {
            ((io.tidemark.runtime.source.SplitSourceAdapter<T>) source).finishRescaledRestore();
        }
        if (lowest[0] != Long.MAX_VALUE) {
            ctx.emitted().advance(lowest[0]);
        }
        if (lowest[1] != Long.MAX_VALUE && timeService.getClock() instanceof io.tidemark.time.ReplayClock replay) {
            replay.advanceTo(lowest[1]);
        }
        return !splits && ended[0];
    }

    /**
     * The source's state: whether its input ended, the watermark it emitted, its position; a replayed
     * clock's time. Under the lock.
     */
    private io.tidemark.runtime.checkpoint.StateSnapshot snapshotSource(long id, long timestamp) throws Exception {
        io.tidemark.runtime.checkpoint.StateSnapshot.Builder b = io.tidemark.runtime.checkpoint.StateSnapshot.builder();
        b.section(SECTION, 1, out -> {
            out.writeBoolean(ended);
            io.tidemark.runtime.watermarks.WatermarkState emitted = ctx.emitted();
            out.writeLong(emitted.watermark());
            out.writeBoolean(emitted.isIdle());
            boolean splits = source instanceof io.tidemark.runtime.source.SplitSourceAdapter;
            out.writeBoolean(splits);
            if (splits) {
                ((io.tidemark.runtime.source.SplitSourceAdapter<T>) source).snapshot(out);
            }
        });
        if (timeService.getClock() instanceof io.tidemark.time.ReplayClock replay && replay.started()) {
            b.section(REPLAY_CLOCK, 1, out -> out.writeLong(replay.currentTimeMillis()));
        }
        sourceStates.snapshot(b, id, timestamp);
        return b.build();
    }

    @Override
    public boolean triggerCheckpoint(long id, long timestamp) throws Exception {
        started.await(); // a checkpoint right after the start waits for the source to be open
        synchronized (lock) {
            if (!opened) {
                return false;
            }
            if (ended || !running) {
                return true; // its final snapshot counts
            }
            coordinator.acknowledge(id, this, checkpoints.snapshot(id, timestamp, snapshotSource(id, timestamp)));
            io.tidemark.runtime.io.CheckpointBarrier barrier = new io.tidemark.runtime.io.CheckpointBarrier(id, timestamp);
            for (RecordWriter<?> w : writers) {
                w.broadcastBarrier(barrier);
            }
            return true;
        }
    }

    @Override
    public void notifyCheckpointComplete(long id) throws Exception {
        if (sourceStates == null) {
            return; // not open yet
        }
        sourceStates.notifyComplete(id);
        checkpoints.notifyComplete(id);
    }

    @Override
    public void notifyCheckpointAborted(long id) throws Exception {
        if (sourceStates == null) {
            return; // not open yet
        }
        sourceStates.notifyAborted(id);
        checkpoints.notifyAborted(id);
    }

    @Override
    public void runInTask(CheckpointCoordinator.TaskAction action) {
        mailbox.run(action, t -> {
            if (running) {
                job.timerFailed(this, t);
            }
        });
    }

    /** Stops the timer thread, closes the source's function and the chain; returns the first failure or null. */
    private Throwable stopAndClose() {
        running = false;
        started.countDown();
        stopHelperThread();
        synchronized (lock) {
            mailbox.close();
            Throwable closeFailure = closeSource();
            Throwable c = Lifecycle.close(operators, opened);
            return closeFailure != null ? closeFailure : c;
        }
    }

    private Throwable closeSource() {
        if (userFunction instanceof RichFunction) {
            try {
                ((RichFunction) userFunction).close();
            } catch (Throwable t) {
                return OperatorException.wrap(sourceContext.getOperatorName(), sourceContext.getSubtaskIndex(), t);
            }
        }
        return null;
    }

    private void flushWriters() throws InterruptedException {
        for (RecordWriter<?> w : writers) {
            w.flush();
        }
    }

    /**
     * Stops the task: the source is asked to return and its thread interrupted; so is the helper
     * thread, which may hold the task lock while handing a batch to a subtask that is gone (the source
     * thread would otherwise wait for the lock forever).
     */
    @Override
    public void cancel() {
        running = false;
        try {
            source.cancel();
        } finally {
            Thread helper = helperThread;
            if (helper != null) {
                helper.interrupt();
            }
            Thread t = taskThread;
            if (t != null) {
                t.interrupt();
            }
        }
    }

    private void startHelperThread() {
        boolean timers = !timeService.getClock().isDriven();
        if (!timers && writers.isEmpty()) {
            return; // a driven clock only moves with the input; timers fire on the source thread
        }
        Thread t = new Thread(() -> helperLoop(timers), name + "-timers");
        t.setDaemon(true);
        if (timers) {
            timeService.setWakeUp(() -> LockSupport.unpark(t));
        }
        for (RecordWriter<?> w : writers) {
            w.setOnPending(() -> LockSupport.unpark(t));
        }
        helperThread = t;
        t.start();
    }

    /**
     * Fires due timers (wall clock) and hands over batches that have waited {@value
     * #FLUSH_INTERVAL_MILLIS} ms. Sleeps until the next timer when nothing is pending, so an idle
     * source costs one wake-up per timer.
     */
    private void helperLoop(boolean timers) {
        try {
            boolean flushDue = false;
            long progressSeen = -1;
            long deferredSince = 0;
            while (running) {
                long now = timeService.getCurrentProcessingTime();
                long next = timers ? timeService.nextTime() : Long.MAX_VALUE;
                if (next <= now && !flushDue) {
                    long progress = ctx.progress();
                    long t = System.nanoTime();
                    if (progress != progressSeen) {
                        progressSeen = progress; // the source is emitting: it fires due timers itself
                        deferredSince = deferredSince == 0 ? t : deferredSince;
                        if (t - deferredSince < DEFER_TO_BUSY_SOURCE_NANOS) {
                            LockSupport.parkNanos(DEFER_TO_BUSY_SOURCE_NANOS / 4);
                            continue;
                        }
                    }
                }
                deferredSince = 0;
                boolean pending = false;
                if (next <= now || flushDue || !writers.isEmpty()) { // else nothing to do under the lock
                    synchronized (lock) {
                        if (!running) {
                            return;
                        }
                        if (next <= now) {
                            timeService.fireDue();
                        }
                        if (flushDue) {
                            flushWriters();
                        }
                        pending = anyPending();
                    }
                }
                if (pending) {
                    flushDue = true;
                    LockSupport.parkNanos(FLUSH_INTERVAL_MILLIS * 1_000_000L);
                } else {
                    flushDue = false;
                    long waitMs = next == Long.MAX_VALUE ? 1000L : Math.max(1, Math.min(next - now, 1000L));
                    if (next > now || next == Long.MAX_VALUE) {
                        LockSupport.parkNanos(waitMs * 1_000_000L);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            if (running) {
                job.timerFailed(this, t); // once the task has ended, a failure here is a consequence, not a cause
            }
        }
    }

    private boolean anyPending() {
        for (RecordWriter<?> w : writers) {
            if (w.hasPending()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Ends the helper thread. It normally notices at once; if it is stuck handing a batch to a subtask
     * that is gone (the job failed), it is interrupted, so no thread outlives the job.
     */
    private void stopHelperThread() {
        Thread t = helperThread;
        if (t == null) {
            return;
        }
        LockSupport.unpark(t);
        // a cancelled task's own thread carries an interrupt; it must not cut the wait short
        boolean interrupted = Thread.interrupted();
        try {
            t.join(100);
            if (t.isAlive()) {
                t.interrupt();
                t.join(5000);
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
