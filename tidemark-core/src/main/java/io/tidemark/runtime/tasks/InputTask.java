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
 *
 * <p>Inputs: the gate's channels are split into the head's <i>inputs</i>, consecutive ranges of channels:
 * one input for a one-input head (a union's streams are all channels of that one input), two for a
 * two-input head. Each input has its own valve and its own entry into the head, and ends (the head's
 * {@code endInput} for it) when all its channels have ended. All channels share the one gate and its
 * in-order delivery per channel, so a barrier aligned over all channels needs nothing per input.
 */
final class InputTask implements Task {

    private final String name;
    private final InputGate gate;
    /** Per input: its valve, its entry into the head, its channels not yet ended. */
    private final WatermarkValve[] valves;
    private final Input<Object>[] heads;
    private final int[] unfinished;
    /** Per channel: its input, and its index among that input's channels. */
    private final int[] inputOfChannel;
    private final int[] channelInInput;
    private final List<AbstractStreamOperator<?, ?>> operators;
    private final List<RecordWriter<?>> writers;
    private final ProcessingTimeService timeService;
    private final TaskMailbox mailbox;
    private final boolean[] finished;
    private int numFinished;
    private LocalJob job;
    private volatile boolean running = true;
    private boolean opened;
    private volatile Thread thread;

    /** A task whose head has one input reading every channel of {@code gate}. */
    InputTask(String name, InputGate gate, Input<?> head, List<AbstractStreamOperator<?, ?>> operators,
            List<RecordWriter<?>> writers, ProcessingTimeService timeService, TaskMailbox mailbox) {
        this(name, gate, List.of(head), new int[] {gate.getNumChannels()}, operators, writers, timeService, mailbox);
    }

    /**
     * A task whose head has {@code heads.size()} inputs; input {@code i} reads the next
     * {@code channelsPerInput[i]} channels of {@code gate}.
     */
    @SuppressWarnings("unchecked")
    InputTask(String name, InputGate gate, List<? extends Input<?>> heads, int[] channelsPerInput,
            List<AbstractStreamOperator<?, ?>> operators, List<RecordWriter<?>> writers, ProcessingTimeService timeService,
            TaskMailbox mailbox) {
        this.name = name;
        this.mailbox = mailbox;
        mailbox.setWakeUp(gate::wake);
        this.gate = gate;
        int n = heads.size();
        this.heads = new Input[n];
        this.valves = new WatermarkValve[n];
        this.unfinished = channelsPerInput.clone();
        this.inputOfChannel = new int[gate.getNumChannels()];
        this.channelInInput = new int[gate.getNumChannels()];
        int c = 0;
        for (int i = 0; i < n; i++) {
            this.heads[i] = (Input<Object>) heads.get(i);
            this.valves[i] = new WatermarkValve(channelsPerInput[i]);
            for (int j = 0; j < channelsPerInput[i]; j++, c++) {
                inputOfChannel[c] = i;
                channelInInput[c] = j;
            }
        }
        if (c != gate.getNumChannels()) {
            throw new IllegalArgumentException("the inputs have " + c + " channels, the gate " + gate.getNumChannels());
        }
        WatermarkValve valve = valves[0];
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
            mailbox.close();
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
            WatermarkValve.ValveOutput[] valveOut = new WatermarkValve.ValveOutput[heads.length];
            for (int i = 0; i < heads.length; i++) {
                Input<Object> head = heads[i];
                valveOut[i] = new WatermarkValve.ValveOutput() {
                    @Override
                    public void emitWatermark(long watermark) throws Exception {
                        head.processWatermark(new Watermark(watermark));
                    }

                    @Override
                    public void emitStatus(WatermarkStatus status) throws Exception {
                        head.processWatermarkStatus(status);
                    }
                };
            }
            boolean driven = timeService.getClock().isDriven();
            while (running && numFinished < finished.length) {
                timeService.fireDue();
                mailbox.runPending();
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
                int input = inputOfChannel[channel];
                Input<Object> head = heads[input];
                WatermarkValve valve = valves[input];
                int local = channelInInput[channel];
                for (int i = 0, n = items.size(); i < n; i++) {
                    Object item = items.get(i);
                    if (item instanceof StreamRecord) {
                        head.processElement((StreamRecord<Object>) item);
                    } else if (item instanceof Watermark) {
                        valve.inputWatermark(((Watermark) item).getTimestamp(), local, valveOut[input]);
                    } else if (item instanceof WatermarkStatus) {
                        valve.inputStatus((WatermarkStatus) item, local, valveOut[input]);
                    } else if (!finished[channel]) {
                        finished[channel] = true;
                        numFinished++;
                        if (--unfinished[input] == 0) {
                            head.endInput();
                        }
                    }
                }
            }
            if (running) {
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
