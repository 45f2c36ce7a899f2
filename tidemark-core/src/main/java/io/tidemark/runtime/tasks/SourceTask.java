package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Output;
import io.tidemark.runtime.operators.StreamingRuntimeContext;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one source and the chain of operators behind it, on one thread (Flink's legacy source task).
 *
 * <p>Design: the source's {@code run} pushes records synchronously through the chain while holding
 * the task lock. Processing-time timers fire on the source thread before each emitted item; with a
 * wall clock a second thread fires them while the source is blocked on input, taking the same lock,
 * and otherwise sleeps until the next timer (no busy waiting: an idle job wakes once per timer, e.g.
 * every 200 ms for periodic watermarks). When {@code run} returns the input is bounded: the task sends
 * the final watermark {@code Long.MAX_VALUE}, then end-of-input, through the chain.
 */
final class SourceTask<T> implements Runnable {

    private final String name;
    private final SourceFunction<T> source;
    private final OperatorContext sourceContext;
    private final Output<T> sourceOutput;
    private final List<AbstractStreamOperator<?, ?>> operators; // topological order
    private final ProcessingTimeService timeService;
    private final Object lock = new Object();
    private LocalJob job;
    private volatile boolean running = true;
    private volatile Thread timerThread;
    private volatile Thread taskThread;

    SourceTask(String name, SourceFunction<T> source, OperatorContext sourceContext, Output<T> sourceOutput,
            List<AbstractStreamOperator<?, ?>> operators, ProcessingTimeService timeService) {
        this.name = name;
        this.source = source;
        this.sourceContext = sourceContext;
        this.sourceOutput = sourceOutput;
        this.operators = operators;
        this.timeService = timeService;
    }

    void bind(LocalJob job) {
        this.job = job;
    }

    @Override
    public void run() {
        taskThread = Thread.currentThread();
        Throwable failure = null;
        boolean opened = false;
        try {
            synchronized (lock) {
                if (source instanceof RichFunction) {
                    ((RichFunction) source).setRuntimeContext(new StreamingRuntimeContext(sourceContext, null));
                    ((RichFunction) source).open(new OpenContext() {});
                }
                for (int i = operators.size() - 1; i >= 0; i--) {
                    AbstractStreamOperator<?, ?> op = operators.get(i);
                    try {
                        op.open();
                    } catch (Throwable t) {
                        throw OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t);
                    }
                }
                opened = true;
            }
            if (source instanceof io.tidemark.runtime.source.SplitSourceAdapter) {
                ((io.tidemark.runtime.source.SplitSourceAdapter<T>) source).setRuntime(timeService,
                        sourceContext.getConfig(), sourceContext.getMetrics(), sourceContext.getSubtaskIndex(),
                        sourceContext.getParallelism());
            }
            startTimerThread();
            SourceContextImpl<T> ctx = new SourceContextImpl<>(lock, timeService, sourceOutput, sourceContext.getMetrics());
            try {
                source.run(ctx);
            } catch (OperatorException e) {
                throw e;
            } catch (Throwable t) {
                if (running) {
                    throw OperatorException.wrap(name, 0, t);
                }
            }
            if (running) {
                synchronized (lock) {
                    ctx.fireTimers();
                    ctx.emitWatermarkLocked(Watermark.MAX_WATERMARK);
                    sourceOutput.endInput();
                }
            }
        } catch (Throwable t) {
            failure = t;
        } finally {
            running = false;
            stopTimerThread();
            Throwable closeFailure = close(opened);
            job.taskFinished(this, failure != null ? failure : closeFailure);
        }
    }

    private Throwable close(boolean opened) {
        Throwable first = null;
        synchronized (lock) {
            if (source instanceof RichFunction) {
                try {
                    ((RichFunction) source).close();
                } catch (Throwable t) {
                    first = OperatorException.wrap(name, 0, t);
                }
            }
            if (!opened) {
                return first;
            }
            for (AbstractStreamOperator<?, ?> op : operators) {
                try {
                    op.close();
                } catch (Throwable t) {
                    if (first == null) {
                        first = OperatorException.wrap(op.getContext().getOperatorName(), op.getContext().getSubtaskIndex(), t);
                    }
                }
            }
        }
        return first;
    }

    /** Stops the source: asks it to return, and interrupts it if it is blocked. */
    void cancel() {
        running = false;
        try {
            source.cancel();
        } finally {
            Thread t = taskThread;
            if (t != null) {
                t.interrupt();
            }
        }
    }

    private void startTimerThread() {
        if (timeService.getClock().isDriven()) {
            return; // a driven clock only moves with the input; timers fire on the source thread
        }
        Thread t = new Thread(this::timerLoop, name + "-timers");
        t.setDaemon(true);
        timeService.setWakeUp(() -> LockSupport.unpark(t));
        timerThread = t;
        t.start();
    }

    private void timerLoop() {
        try {
            while (running) {
                long next = timeService.nextTime();
                long now = timeService.getCurrentProcessingTime();
                if (next <= now) {
                    synchronized (lock) {
                        if (!running) {
                            return;
                        }
                        timeService.fireDue();
                    }
                } else {
                    long waitMs = Math.min(next - now, 1000L);
                    LockSupport.parkNanos(waitMs * 1_000_000L);
                }
            }
        } catch (Throwable t) {
            job.timerFailed(this, t);
        }
    }

    private void stopTimerThread() {
        Thread t = timerThread;
        if (t != null) {
            LockSupport.unpark(t);
            try {
                t.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    String getName() {
        return name;
    }
}
