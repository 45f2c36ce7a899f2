package io.tidemark.streaming.api.functions.source;

/**
 * The numbers {@code from} to {@code to} (both included) as {@code Long}s ({@code env.fromSequence}):
 * a parallel source; with {@code n} subtasks the range is cut into {@code n} consecutive parts of
 * nearly equal size, one per subtask, each emitted in ascending order. At parallelism 1 the whole
 * sequence comes in order; above it, as in Flink, which part a subtask reads (and so the interleaving
 * downstream) is not defined.
 */
public class FromSequenceFunction extends RichSourceFunction<Long> implements ParallelSourceFunction<Long>,
        io.tidemark.api.connector.source.WithBoundedness {

    /** Bounded: the input ends. */
    @Override
    public io.tidemark.api.connector.source.Boundedness getBoundedness() {
        return io.tidemark.api.connector.source.Boundedness.BOUNDED;
    }


    private static final long serialVersionUID = 1L;

    private final long from;
    private final long to;
    private volatile boolean running = true;

    public FromSequenceFunction(long from, long to) {
        if (from > to) {
            throw new IllegalArgumentException("Start of sequence must not be greater than the end: " + from + " > " + to);
        }
        this.from = from;
        this.to = to;
    }

    @Override
    public void run(SourceContext<Long> ctx) {
        int n = getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks();
        int i = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
        long total = to - from + 1; // may overflow only for ranges of more than 2^63 numbers
        long base = Long.divideUnsigned(total, n);
        long rest = Long.remainderUnsigned(total, n);
        long start = from + i * base + Math.min(i, rest);
        long count = base + (i < rest ? 1 : 0);
        for (long k = 0; k < count && running; k++) {
            ctx.collect(start + k);
        }
    }

    @Override
    public void cancel() {
        running = false;
    }
}
