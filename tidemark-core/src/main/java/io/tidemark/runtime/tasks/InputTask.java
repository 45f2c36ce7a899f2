package io.tidemark.runtime.tasks;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.checkpoint.RestoredState;
import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.io.Batch;
import io.tidemark.runtime.io.CheckpointBarrier;
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
 *
 * <p>Checkpoints: barriers are aligned over all channels by a {@link BarrierAligner}; when the last
 * one arrives the task snapshots its chain and its own input state (each channel's watermark, idle
 * status and whether it ended), acknowledges, and forwards the barrier. With checkpoints the task,
 * once every channel has ended, reports its final snapshot and waits for the job's final checkpoint.
 */
final class InputTask implements Task, CheckpointCoordinator.CheckpointParticipant {

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
    private final ChainCheckpoints checkpoints;
    /** Null when checkpointing is off. */
    private final CheckpointCoordinator coordinator;
    private final BarrierAligner aligner;
    private final BarrierAligner.Replay replay = new BarrierAligner.Replay();
    private WatermarkValve.ValveOutput[] valveOut;
    private static final String SECTION = "inputs";

    /** A task whose head has one input reading every channel of {@code gate}. */
    InputTask(String name, InputGate gate, Input<?> head, List<AbstractStreamOperator<?, ?>> operators,
            List<RecordWriter<?>> writers, ProcessingTimeService timeService, TaskMailbox mailbox, ChainCheckpoints checkpoints,
            CheckpointCoordinator coordinator, boolean exactlyOnce) {
        this(name, gate, List.of(head), new int[] {gate.getNumChannels()}, operators, writers, timeService, mailbox, checkpoints,
                coordinator, exactlyOnce);
    }

    /**
     * A task whose head has {@code heads.size()} inputs; input {@code i} reads the next
     * {@code channelsPerInput[i]} channels of {@code gate}.
     */
    @SuppressWarnings("unchecked")
    InputTask(String name, InputGate gate, List<? extends Input<?>> heads, int[] channelsPerInput,
            List<AbstractStreamOperator<?, ?>> operators, List<RecordWriter<?>> writers, ProcessingTimeService timeService,
            TaskMailbox mailbox, ChainCheckpoints checkpoints, CheckpointCoordinator coordinator, boolean exactlyOnce) {
        this.name = name;
        this.checkpoints = checkpoints;
        this.coordinator = coordinator;
        this.aligner = new BarrierAligner(gate.getNumChannels(), exactlyOnce,
                checkpoints.taskRestored() == null ? 0 : checkpoints.taskRestored().checkpointId());
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
    private Throwable runChain() {
        thread = Thread.currentThread();
        try {
            checkpoints.initializeState();
            restoreInputs();
            Lifecycle.open(operators);
            opened = true;
            valveOut = new WatermarkValve.ValveOutput[heads.length];
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
                if (!replay.isEmpty()) {
                    int channel = replay.peekChannel();
                    Object item = replay.poll();
                    if (aligner.isBlocked(channel)) {
                        aligner.stash(channel, item);
                    } else {
                        process(channel, item);
                    }
                    continue;
                }
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
                    if (aligner.isBlocked(channel)) {
                        aligner.stash(channel, items.get(i));
                    } else {
                        process(channel, items.get(i));
                    }
                }
            }
            if (running) {
                for (RecordWriter<?> w : writers) {
                    w.flush();
                }
                if (coordinator != null) {
                    coordinator.taskFinished(this, checkpoints.snapshot(Long.MAX_VALUE, System.currentTimeMillis(), snapshotInputs()));
                    coordinator.awaitFinal();
                    checkpoints.notifyFinal();
                }
            }
            return null;
        } catch (Throwable t) {
            // after cancel, an interrupted hand-over is expected, not a failure
            return running ? t : null;
        }
    }

    /** One item from {@code channel}, in its order. */
    @SuppressWarnings("unchecked")
    private void process(int channel, Object item) throws Exception {
        int input = inputOfChannel[channel];
        if (item instanceof StreamRecord) {
            heads[input].processElement((StreamRecord<Object>) item);
        } else if (item instanceof Watermark) {
            valves[input].inputWatermark(((Watermark) item).getTimestamp(), channelInInput[channel], valveOut[input]);
        } else if (item instanceof WatermarkStatus) {
            valves[input].inputStatus((WatermarkStatus) item, channelInInput[channel], valveOut[input]);
        } else if (item instanceof CheckpointBarrier) {
            aligned(aligner.onBarrier(channel, (CheckpointBarrier) item, finished, replay));
        } else if (!finished[channel]) {
            finished[channel] = true;
            numFinished++;
            if (--unfinished[input] == 0) {
                heads[input].endInput();
            }
            aligned(aligner.onEnded(finished, replay));
        }
    }

    /** The barrier has arrived on every channel (or null: not yet): snapshot, acknowledge, forward. */
    private void aligned(CheckpointBarrier barrier) throws Exception {
        if (barrier == null || coordinator == null) {
            return;
        }
        coordinator.acknowledge(barrier.id(), this, checkpoints.snapshot(barrier.id(), barrier.timestamp(), snapshotInputs()));
        for (RecordWriter<?> w : writers) {
            w.broadcastBarrier(barrier);
        }
    }

    /** Which channels ended, and every input's valve. */
    private StateSnapshot snapshotInputs() throws Exception {
        return StateSnapshot.builder().section(SECTION, 1, out -> {
            out.writeInt(finished.length);
            for (boolean f : finished) {
                out.writeBoolean(f);
            }
            for (WatermarkValve v : valves) {
                v.snapshot(out);
            }
        }).build();
    }

    private void restoreInputs() throws Exception {
        RestoredState r = checkpoints.taskRestored();
        if (r == null || r.rescaled()) {
            return; // at another parallelism the channels start afresh: ended ones end again, watermarks come again
        }
        try {
            r.own().read(SECTION, 1, in -> {
                int n = in.readInt();
                if (n != finished.length) {
                    throw new ChannelsChanged(); // an upstream parallelism changed: the channels start afresh
                }
                for (int c = 0; c < n; c++) {
                    if (in.readBoolean()) {
                        finished[c] = true;
                        numFinished++;
                        unfinished[inputOfChannel[c]]--;
                    }
                }
                for (WatermarkValve v : valves) {
                    v.restore(in);
                }
            });
        } catch (ChannelsChanged e) {
            // nothing restored: ended channels end again, watermarks come again
        }
    }

    @Override
    public void notifyCheckpointComplete(long id) throws Exception {
        checkpoints.notifyComplete(id);
    }

    @Override
    public void notifyCheckpointAborted(long id) throws Exception {
        aligner.abort(id, replay);
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

    @Override
    public void cancel() {
        running = false;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    /** The checkpoint's input channels are not the job's (an upstream parallelism changed). */
    private static final class ChannelsChanged extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ChannelsChanged() {
            super(null, null, false, false);
        }
    }
}
