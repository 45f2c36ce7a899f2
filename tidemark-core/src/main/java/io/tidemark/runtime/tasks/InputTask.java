package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.io.Batch;
import io.tidemark.runtime.io.InputGate;
import io.tidemark.runtime.io.RecordWriter;
import io.tidemark.runtime.io.WatermarkValve;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.runtime.streamrecord.WatermarkStatus;
import io.tidemark.runtime.time.ProcessingTimeService;
import java.util.List;

/**
 * Runs one subtask of an operator chain that reads from an exchange.
 *
 * <p>Design: one thread per subtask (Flink's model). The loop takes batches from the subtask's
 * {@link InputGate}, hands records to the chain head, feeds watermarks and idle status through the
 * {@link WatermarkValve} (minimum over active channels), and fires processing-time timers between
 * batches on the same thread, so operators never need a lock. Before blocking on an empty gate it
 * flushes its own outgoing batches; it then sleeps until a batch arrives or the next timer is due (no
 * spinning). It ends when every channel sent end of input (each sends {@code Long.MAX_VALUE} first).
 */
final class InputTask implements Task {

    private final String name;
    private final InputGate gate;
    private final WatermarkValve valve;
    private final Input<Object> head;
    private final List<AbstractStreamOperator<?, ?>> operators;
    private final List<RecordWriter<?>> writers;
    private final ProcessingTimeService timeService;
    private final boolean[] finished;
    private int numFinished;
    private LocalJob job;
    private volatile boolean running = true;
    private boolean opened;
    private volatile Thread thread;

    @SuppressWarnings("unchecked")
    InputTask(String name, InputGate gate, Input<?> head, List<AbstractStreamOperator<?, ?>> operators,
            List<RecordWriter<?>> writers, ProcessingTimeService timeService) {
        this.name = name;
        this.gate = gate;
        this.valve = new WatermarkValve(gate.getNumChannels());
        this.head = (Input<Object>) head;
        this.operators = operators;
        this.writers = writers;
        this.timeService = timeService;
        this.finished = new boolean[gate.getNumChannels()];
        if (!operators.isEmpty()) {
            operators.get(0).getContext().getMetrics().setDiagnostics(valve.diagnostics(gate));
        }
    }

    @Override
    public void bind(LocalJob job) {
        this.job = job;
    }

    @Override
    public String getName() {
        return name;
    }

    /** Runs the chain until every channel ended (or the task is cancelled), then closes it (see {@link Task#runThenClose}). */
    @Override
    public void run() {
        Task.runThenClose(this, job, this::runChain, () -> {
            running = false;
            return Lifecycle.close(operators, opened);
        });
    }

    /** Opens the chain and processes its input to the end; returns the failure, or null. */
    @SuppressWarnings("unchecked")
    private Throwable runChain() {
        thread = Thread.currentThread();
        try {
            Lifecycle.open(operators);
            opened = true;
            WatermarkValve.ValveOutput valveOut = new WatermarkValve.ValveOutput() {
                @Override
                public void emitWatermark(long watermark) throws Exception {
                    head.processWatermark(new Watermark(watermark));
                }

                @Override
                public void emitStatus(WatermarkStatus status) throws Exception {
                    head.processWatermarkStatus(status);
                }
            };
            boolean driven = timeService.getClock().isDriven();
            while (running && numFinished < finished.length) {
                timeService.fireDue();
                Batch items = gate.poll(0);
                if (items == null) {
                    for (RecordWriter<?> w : writers) {
                        w.flush();
                    }
                    long wait;
                    if (driven) {
                        wait = 1000; // a driven clock moves with the input: wake up when a batch comes
                    } else {
                        long next = timeService.nextTime();
                        long now = timeService.getCurrentProcessingTime();
                        wait = next == Long.MAX_VALUE ? 1000 : Math.max(1, Math.min(1000, next - now));
                    }
                    items = gate.poll(wait);
                    if (items == null) {
                        continue;
                    }
                    timeService.fireDue();
                }
                int channel = items.channel();
                for (int i = 0, n = items.size(); i < n; i++) {
                    Object item = items.get(i);
                    if (item instanceof StreamRecord) {
                        head.processElement((StreamRecord<Object>) item);
                    } else if (item instanceof Watermark) {
                        valve.inputWatermark(((Watermark) item).getTimestamp(), channel, valveOut);
                    } else if (item instanceof WatermarkStatus) {
                        valve.inputStatus((WatermarkStatus) item, channel, valveOut);
                    } else if (!finished[channel]) {
                        finished[channel] = true;
                        numFinished++;
                    }
                }
            }
            if (running) {
                head.endInput();
                for (RecordWriter<?> w : writers) {
                    w.flush();
                }
            }
            return null;
        } catch (Throwable t) {
            // after cancel, an interrupted hand-over is expected, not a failure
            return running ? t : null;
        }
    }

    @Override
    public void cancel() {
        running = false;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }
}
