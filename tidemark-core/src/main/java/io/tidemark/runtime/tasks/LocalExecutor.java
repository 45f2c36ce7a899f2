package io.tidemark.runtime.tasks;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.JobID;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.common.RuntimeExecutionMode;
import io.tidemark.api.common.functions.ReduceFunction;
import io.tidemark.core.execution.Pipeline;
import io.tidemark.core.execution.RuntimeModes;
import io.tidemark.runtime.batch.BatchInput;
import io.tidemark.runtime.operators.BatchGroupedReduce;
import io.tidemark.runtime.io.InputGate;
import io.tidemark.runtime.io.RecordWriter;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.AbstractTwoInputOperator;
import io.tidemark.runtime.operators.TwoInputOperators;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Operators;
import io.tidemark.runtime.operators.SubtaskInfo;
import io.tidemark.runtime.source.SplitSourceAdapter;
import io.tidemark.runtime.source.alignment.AlignmentGroups;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.transformations.OneInputTransformation;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.SourceDescription;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
import io.tidemark.streaming.api.transformations.PartitionTransformation.Partitioning;
import io.tidemark.streaming.api.transformations.SideOutputTransformation;
import io.tidemark.streaming.api.transformations.SourceTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.streaming.api.transformations.TwoInputTransformation;
import io.tidemark.streaming.api.transformations.UnionTransformation;
import io.tidemark.time.Clock;
import io.tidemark.util.OutputTag;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the logical pipeline into running subtasks inside this JVM.
 *
 * <p>Chaining: an operator joins its producer's chain when the edge is a forward edge between equal
 * parallelisms (any edge qualifies when both sides run at parallelism 1: keyBy then only extracts the
 * key). Inside a chain records pass by reference. Every other edge is an exchange: the producer's
 * subtasks partition records (hash of the key, round robin, broadcast, or forward) into bounded
 * queues of the consumer's subtasks. Each subtask of each chain is one thread. A node that reads
 * several edges — the operator after a union, a two-input operator — always heads a chain (as in
 * Flink); its gate's channels are the edges' producers, edge after edge, split into its inputs. As in
 * Flink, {@code disableChaining()} keeps a node out of any chain and {@code startNewChain()} makes it a head.
 *
 * <p>Parallelism: an operator's own setting, else the job default; non-parallel sources (a plain
 * {@link SourceFunction}, collections, sockets) run at 1; {@code assignTimestampsAndWatermarks} without
 * its own setting runs at its input's parallelism, as in Flink.
 */
public final class LocalExecutor {

    private LocalExecutor() {}

    /**
     * One stream a physical node reads: from {@code producer} (its main output, or its side output
     * {@code tag}), partitioned as given, into the node's input {@code input} (0, or 1 for a two-input
     * node's second input). A node reads several edges through a union, or one per input.
     */
    private record InEdge(Transformation<?> producer, OutputTag<?> tag, Partitioning partitioning, boolean explicit,
            KeySelector<?, ?> keySelector, int input) {}

    /** An edge into {@code consumer}, the {@code index}-th of its edges. */
    private record OutEdge(Transformation<?> consumer, int index) {}

    /** Builds and starts the job; returns its client at once. */
    public static LocalJob start(Pipeline pipeline) {
        return start(pipeline, JobID.generate(), 0);
    }

    /** Builds and starts the job as attempt {@code attempt} (0, one more for each restart) of job {@code jobId}. */
    public static LocalJob start(Pipeline pipeline, JobID jobId, int attempt) {
        return start(pipeline, jobId, attempt, false);
    }

    /**
     * {@link #start(Pipeline, JobID, int)}; with {@code copyAll}, every subtask runs copies of the
     * pipeline's functions (else the first subtask runs the pipeline's own), so the pipeline stays as
     * the program built it, for another attempt.
     */
    static LocalJob start(Pipeline pipeline, JobID jobId, int attempt, boolean copyAll) {
        String jobName = pipeline.jobName();
        ExecutionConfig config = pipeline.config();
        Clock clock = pipeline.clock();
        int defaultParallelism = pipeline.parallelism();
        List<Transformation<?>> physical = new ArrayList<>();
        for (Transformation<?> t : pipeline.transformations()) {
            if (isPhysical(t)) {
                physical.add(t);
            }
        }
        physical.sort(Comparator.comparingInt(Transformation::getId));
        boolean batch = RuntimeModes.of(pipeline) == RuntimeExecutionMode.BATCH;
        if (batch && config.getCheckpointConfig().isCheckpointingEnabled() && attempt == 0) {
            System.err.println("tidemark: job '" + jobName + "' runs in BATCH mode, which takes no checkpoints (as on Flink)");
        }
        CheckpointSetup checkpoints = CheckpointSetup.of(jobName, config, physical, !batch);

        // the edges each node reads, in channel order: input 0's edges, then input 1's
        Map<Transformation<?>, List<InEdge>> inputs = new HashMap<>();
        for (Transformation<?> t : physical) {
            List<InEdge> edges = new ArrayList<>();
            if (t instanceof OneInputTransformation) {
                resolve(((OneInputTransformation<?, ?>) t).getInput(), null, Partitioning.FORWARD, false, null, 0, t, edges);
            } else if (t instanceof TwoInputTransformation) {
                TwoInputTransformation<?, ?, ?> two = (TwoInputTransformation<?, ?, ?>) t;
                resolve(two.getInput1(), null, Partitioning.FORWARD, false, null, 0, t, edges);
                resolve(two.getInput2(), null, Partitioning.FORWARD, false, null, 1, t, edges);
            }
            if (!edges.isEmpty()) {
                inputs.put(t, edges);
            }
        }
        Map<Transformation<?>, Integer> parallelism = new HashMap<>();
        for (Transformation<?> t : physical) {
            parallelism.put(t, parallelismOf(t, inputs.get(t), parallelism, defaultParallelism));
        }
        Map<Transformation<?>, Integer> maxParallelism = new HashMap<>();
        for (Transformation<?> t : physical) {
            for (InEdge in : inputs.getOrDefault(t, List.of())) {
                checkForward(in, parallelism.get(in.producer()), parallelism.get(t));
            }
            maxParallelism.put(t, checkpoints.maxParallelism(t, parallelism.get(t)));
            checkMaxParallelism(t, parallelism.get(t), maxParallelism.get(t));
        }

        // chain heads and chains (a chain is a tree rooted at its head, in id order); a node reading
        // several edges (a union, two inputs) always heads a chain, as in Flink
        Map<Transformation<?>, Transformation<?>> headOf = new HashMap<>();
        Map<Transformation<?>, List<Transformation<?>>> chains = new LinkedHashMap<>();
        for (Transformation<?> t : physical) {
            List<InEdge> in = inputs.get(t);
            Transformation<?> head = t;
            if (in != null && in.size() == 1 && t instanceof OneInputTransformation
                    && t.getChaining() == Transformation.Chaining.ALWAYS
                    && in.get(0).producer().getChaining() != Transformation.Chaining.NEVER
                    && chainable(in.get(0), parallelism.get(in.get(0).producer()), parallelism.get(t))) {
                head = headOf.get(in.get(0).producer());
            }
            headOf.put(t, head);
            chains.computeIfAbsent(head, k -> new ArrayList<>()).add(t);
        }

        // consumers of each physical node, by edge
        Map<Transformation<?>, List<OutEdge>> consumers = new HashMap<>();
        for (Transformation<?> t : physical) {
            List<InEdge> in = inputs.getOrDefault(t, List.of());
            for (int i = 0; i < in.size(); i++) {
                consumers.computeIfAbsent(in.get(i).producer(), k -> new ArrayList<>()).add(new OutEdge(t, i));
            }
        }

        // one input gate per subtask of every chain behind an exchange; each edge's producers have
        // consecutive channels from the edge's offset
        Map<Transformation<?>, InputGate[]> gates = new HashMap<>();
        Map<Transformation<?>, int[]> offsets = new HashMap<>();
        for (Transformation<?> head : chains.keySet()) {
            List<InEdge> in = inputs.get(head);
            if (in != null) {
                int[] offset = new int[in.size()];
                int channels = 0;
                for (int i = 0; i < in.size(); i++) {
                    offset[i] = channels;
                    channels += parallelism.get(in.get(i).producer());
                }
                int p = parallelism.get(head);
                InputGate[] g = new InputGate[p];
                for (int i = 0; i < p; i++) {
                    g[i] = new InputGate(channels);
                }
                gates.put(head, g);
                offsets.put(head, offset);
            }
        }

        List<OperatorMetrics> allMetrics = new ArrayList<>();
        List<Task> tasks = new ArrayList<>();
        Graph graph = new Graph(inputs, consumers, headOf, gates, offsets, parallelism, new AlignmentGroups(), copyAll, batch);
        for (Map.Entry<Transformation<?>, List<Transformation<?>>> chain : chains.entrySet()) {
            int p = parallelism.get(chain.getKey());
            for (int subtask = 0; subtask < p; subtask++) {
                tasks.add(buildSubtask(new SubtaskInfo(null, subtask, p, maxParallelism.get(chain.getKey()), attempt, jobId,
                        jobName), chain.getValue(), graph, config, clock, allMetrics, checkpoints));
            }
        }
        LocalJob job = new LocalJob(jobId, jobName, allMetrics, tasks.size());
        for (Task task : tasks) {
            job.addTask(task);
        }
        checkpoints.bind(job, tasks);
        job.start();
        return job;
    }

    /** The job graph a subtask is wired from. */
    private record Graph(Map<Transformation<?>, List<InEdge>> inputs, Map<Transformation<?>, List<OutEdge>> consumers,
            Map<Transformation<?>, Transformation<?>> headOf, Map<Transformation<?>, InputGate[]> gates,
            Map<Transformation<?>, int[]> offsets, Map<Transformation<?>, Integer> parallelism, AlignmentGroups alignment,
            boolean copyAll, boolean batch) {}

    private static boolean isPhysical(Transformation<?> t) {
        return t instanceof SourceTransformation || t instanceof OneInputTransformation || t instanceof TwoInputTransformation;
    }

    /**
     * Walks from a node's input down to the physical nodes it reads: the partitioning nearest the
     * consumer counts, a side output names its tag, a union fans out to each of its streams.
     */
    private static void resolve(Transformation<?> t, OutputTag<?> tag, Partitioning partitioning, boolean explicit,
            KeySelector<?, ?> keySelector, int input, Transformation<?> consumer, List<InEdge> out) {
        if (isPhysical(t)) {
            out.add(new InEdge(t, tag, partitioning, explicit, keySelector, input));
        } else if (t instanceof SideOutputTransformation) {
            SideOutputTransformation<?> s = (SideOutputTransformation<?>) t;
            if (tag != null) {
                throw new IllegalStateException("a side output of a side output is not a stream: " + consumer);
            }
            resolve(s.getInput(), s.getTag(), partitioning, explicit, keySelector, input, consumer, out);
        } else if (t instanceof PartitionTransformation) {
            PartitionTransformation<?> pt = (PartitionTransformation<?>) t;
            if (explicit) {
                resolve(pt.getInput(), tag, partitioning, true, keySelector, input, consumer, out);
            } else {
                resolve(pt.getInput(), tag, pt.getPartitioning(), true, pt.getKeySelector(), input, consumer, out);
            }
        } else if (t instanceof UnionTransformation) {
            for (Transformation<?> each : ((UnionTransformation<?>) t).getUnionInputs()) {
                resolve(each, tag, partitioning, explicit, keySelector, input, consumer, out);
            }
        } else {
            throw new UnsupportedOperationException("cannot run " + t);
        }
    }

    private static int parallelismOf(Transformation<?> t, List<InEdge> in, Map<Transformation<?>, Integer> known, int dflt) {
        int set = t.getParallelism();
        if (t instanceof SourceTransformation) {
            if (!((SourceTransformation<?>) t).getDescription().isParallel()) {
                if (set > 1) {
                    throw new IllegalArgumentException("source '" + t.getName() + "' is not parallel; its parallelism must be 1, not " + set);
                }
                return 1;
            }
            return set == -1 ? dflt : set;
        }
        if (set != -1) {
            return set;
        }
        if (t instanceof OneInputTransformation
                && ((OneInputTransformation<?, ?>) t).getDescription() instanceof OperatorDescription.TimestampsAndWatermarks
                && !in.get(0).explicit()) {
            return known.get(in.get(0).producer());
        }
        return dflt;
    }

    private static void checkForward(InEdge in, int producerParallelism, int consumerParallelism) {
        if (in.partitioning() == Partitioning.FORWARD && in.explicit() && producerParallelism != consumerParallelism) {
            throw new IllegalArgumentException("forward() needs equal parallelism on both sides, not "
                    + producerParallelism + " and " + consumerParallelism);
        }
    }

    /** As in Flink, no operator runs at more subtasks than its maximum parallelism (its key groups). */
    private static void checkMaxParallelism(Transformation<?> t, int parallelism, int maxParallelism) {
        if (parallelism > maxParallelism) {
            throw new IllegalArgumentException("the parallelism of operator '" + t.getName() + "' (" + parallelism
                    + ") is greater than the maximum parallelism (" + maxParallelism + ")");
        }
    }

    private static boolean chainable(InEdge in, int producerParallelism, int consumerParallelism) {
        if (producerParallelism == 1 && consumerParallelism == 1) {
            return true;
        }
        return in.partitioning() == Partitioning.FORWARD && producerParallelism == consumerParallelism;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Task buildSubtask(SubtaskInfo where, List<Transformation<?>> chain, Graph graph,
            ExecutionConfig config, Clock clock, List<OperatorMetrics> allMetrics, CheckpointSetup checkpoints) {
        String jobName = where.jobName();
        int subtask = where.indexOfThisSubtask();
        int p = where.numberOfParallelSubtasks();
        boolean copy = subtask > 0 || graph.copyAll();
        ProcessingTimeService timeService = new ProcessingTimeService(clock);
        // BATCH: the operators' processing-time timers wait for the end of input (BatchInput fires them)
        ProcessingTimeService operatorTime = graph.batch() ? new ProcessingTimeService(clock) : timeService;
        TaskMailbox mailbox = new TaskMailbox();
        Transformation<?> head = chain.get(0);
        Map<Transformation<?>, RoutingOutput<?>> outputs = new HashMap<>();
        Map<Transformation<?>, AbstractStreamOperator<?, ?>> operators = new LinkedHashMap<>();
        List<RecordWriter<?>> writers = new ArrayList<>();
        OperatorContext sourceContext = null;
        for (Transformation<?> t : chain) {
            outputs.put(t, new RoutingOutput<>());
        }
        for (Transformation<?> t : chain) {
            if (t instanceof SourceTransformation) {
                sourceContext = new OperatorContext(named(where, t, config), timeService, config, mailbox);
                allMetrics.add(sourceContext.getMetrics());
                continue;
            }
            AbstractStreamOperator operator = t instanceof TwoInputTransformation
                    ? twoInputOperator((TwoInputTransformation<?, ?, ?>) t, copy)
                    : oneInputOperator((OneInputTransformation<?, ?>) t, copy, config, graph.batch());
            OperatorContext ctx = new OperatorContext(named(where, t, config), operatorTime, config, mailbox);
            List<InEdge> in = graph.inputs().get(t);
            if (in.size() == 1) { // the one operator its records and watermarks come from
                ctx.getMetrics().setUpstreamOperator(in.get(0).producer().getName());
            }
            operator.setup(ctx, outputs.get(t));
            allMetrics.add(ctx.getMetrics());
            operators.put(t, operator);
        }
        // wire every consumer of a chain member: chained, or through an exchange
        for (Transformation<?> t : chain) {
            for (OutEdge out : graph.consumers().getOrDefault(t, List.of())) {
                Transformation<?> consumer = out.consumer();
                InEdge edge = graph.inputs().get(consumer).get(out.index());
                Input in;
                if (graph.headOf().get(consumer) == head) {
                    in = input(operators.get(consumer), graph.batch());
                } else {
                    Partitioning partitioning = edge.partitioning();
                    if (partitioning == Partitioning.FORWARD && graph.parallelism().get(consumer) != p) {
                        partitioning = Partitioning.REBALANCE;
                    }
                    int channel = graph.offsets().get(consumer)[out.index()] + subtask;
                    RecordWriter<?> writer = new RecordWriter<>(graph.gates().get(consumer), subtask, channel, partitioning,
                            edge.keySelector(), checkpoints.maxParallelism(consumer, graph.parallelism().get(consumer)));
                    writers.add(writer);
                    in = writer;
                }
                RoutingOutput output = outputs.get(t);
                if (edge.tag() == null) {
                    output.addMain(in);
                } else {
                    output.addSide(edge.tag(), in);
                }
            }
        }
        List<AbstractStreamOperator<?, ?>> ops = new ArrayList<>(operators.values());
        String name = jobName + ":" + head.getName() + "-" + subtask;
        ChainCheckpoints chk = checkpoints.chain(new ArrayList<>(operators.keySet()), ops, head, subtask, p);
        CheckpointCoordinator coordinator = checkpoints.coordinator();
        if (head instanceof SourceTransformation) {
            SourceDescription d = ((SourceTransformation<?>) head).getDescription();
            if (copy) {
                d = Copies.copy(d, "source '" + head.getName() + "'");
            }
            Function userFunction = d.match(SourceDescription.Function::function, SourceDescription.Splits::source);
            return new SourceTask(name, source(d, sourceContext, timeService, graph.alignment()), userFunction, sourceContext,
                    outputs.get(head), ops, writers, timeService, mailbox, chk, coordinator);
        }
        InputGate gate = graph.gates().get(head)[subtask];
        if (head instanceof TwoInputTransformation) {
            AbstractTwoInputOperator<?, ?, ?> two = (AbstractTwoInputOperator<?, ?, ?>) operators.get(head);
            int[] channels = {0, 0};
            for (InEdge e : graph.inputs().get(head)) {
                channels[e.input()] += graph.parallelism().get(e.producer());
            }
            return new InputTask(name, gate, BatchInputs.twoInputs(two, graph.batch()), channels, ops,
                    writers, timeService, mailbox, chk, coordinator, checkpoints.exactlyOnce());
        }
        return new InputTask(name, gate, input(operators.get(head), graph.batch()), ops, writers, timeService, mailbox, chk,
                coordinator, checkpoints.exactlyOnce());
    }

    /** The entry of {@code operator}: in BATCH mode behind a {@link BatchInput}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Input input(AbstractStreamOperator<?, ?> operator, boolean batch) {
        Input in = new ChainedInput(operator);
        return batch ? new BatchInput(in, operator) : in;
    }

    /** The subtask {@code where} as the subtask of operator {@code t}. */
    private static SubtaskInfo named(SubtaskInfo where, Transformation<?> t, ExecutionConfig config) {
        return new SubtaskInfo(t.getName(), where.indexOfThisSubtask(), where.numberOfParallelSubtasks(),
                where.maxNumberOfParallelSubtasks(), where.attemptNumber(), where.jobId(), where.jobName());
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static AbstractStreamOperator<?, ?> oneInputOperator(OneInputTransformation<?, ?> op, boolean copy,
            ExecutionConfig config, boolean batch) {
        OperatorDescription description = !copy ? op.getDescription()
                : Copies.copy(op.getDescription(), "operator '" + op.getName() + "'");
        AbstractStreamOperator operator = batch && description instanceof OperatorDescription.RollingReduce r
                ? new BatchGroupedReduce<>((ReduceFunction) r.function())
                : Operators.create(description, config.getStateBackend());
        KeySelector keySelector = op.getKeySelector();
        if (keySelector != null) {
            operator.setKeySelector(!copy ? keySelector : Copies.copy(keySelector, "the key selector of '" + op.getName() + "'"));
        }
        return operator;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static AbstractStreamOperator<?, ?> twoInputOperator(TwoInputTransformation<?, ?, ?> op, boolean copy) {
        AbstractTwoInputOperator operator = TwoInputOperators.create(!copy
                ? op.getDescription()
                : Copies.copy(op.getDescription(), "operator '" + op.getName() + "'"));
        KeySelector k1 = op.getKeySelector1();
        KeySelector k2 = op.getKeySelector2();
        if (copy) {
            k1 = k1 == null ? null : Copies.copy(k1, "the first key selector of '" + op.getName() + "'");
            k2 = k2 == null ? null : Copies.copy(k2, "the second key selector of '" + op.getName() + "'");
        }
        operator.setKeySelectors(k1, k2);
        return operator;
    }

    /** The source function a source task runs for {@code description}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static SourceFunction<?> source(SourceDescription description, OperatorContext context,
            ProcessingTimeService timeService, AlignmentGroups alignment) {
        return description.match(SourceDescription.Function::function, s -> {
            SplitSourceAdapter<?> a = new SplitSourceAdapter<>((SplitSourceFunction) s.source(), (WatermarkStrategy) s.strategy(),
                    s.sort(), timeService, context.getConfig(), context.getMetrics(), context.getSubtaskIndex(),
                    context.getParallelism());
            a.align(alignment, context.getOperatorName());
            return a;
        });
    }
}
