package io.tidemark.runtime.tasks;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.core.execution.Pipeline;
import io.tidemark.runtime.io.InputGate;
import io.tidemark.runtime.io.RecordWriter;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.Input;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.operators.Operators;
import io.tidemark.runtime.source.SplitSourceAdapter;
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
 * queues of the consumer's subtasks. Each subtask of each chain is one thread.
 *
 * <p>Parallelism: an operator's own setting, else the job default; non-parallel sources (a plain
 * {@link SourceFunction}, collections, sockets) run at 1; {@code assignTimestampsAndWatermarks} without
 * its own setting runs at its input's parallelism, as in Flink.
 */
public final class LocalExecutor {

    private LocalExecutor() {}

    /** How a physical node reads its input. */
    private record InEdge(Transformation<?> producer, OutputTag<?> tag, Partitioning partitioning, boolean explicit,
            KeySelector<?, ?> keySelector) {}

    /** Builds and starts the job; returns its client at once. */
    public static LocalJob start(Pipeline pipeline) {
        String jobName = pipeline.jobName();
        ExecutionConfig config = pipeline.config();
        Clock clock = pipeline.clock();
        int defaultParallelism = pipeline.parallelism();
        List<Transformation<?>> physical = new ArrayList<>();
        for (Transformation<?> t : pipeline.transformations()) {
            if (t instanceof SourceTransformation || t instanceof OneInputTransformation) {
                physical.add(t);
            }
        }
        physical.sort(Comparator.comparingInt(Transformation::getId));

        Map<Transformation<?>, InEdge> inputs = new HashMap<>();
        for (Transformation<?> t : physical) {
            if (t instanceof OneInputTransformation) {
                inputs.put(t, resolveInput((OneInputTransformation<?, ?>) t));
            }
        }
        Map<Transformation<?>, Integer> parallelism = new HashMap<>();
        for (Transformation<?> t : physical) {
            parallelism.put(t, parallelismOf(t, inputs.get(t), parallelism, defaultParallelism));
        }

        // chain heads and chains (a chain is a tree rooted at its head, in id order)
        Map<Transformation<?>, Transformation<?>> headOf = new HashMap<>();
        Map<Transformation<?>, List<Transformation<?>>> chains = new LinkedHashMap<>();
        for (Transformation<?> t : physical) {
            InEdge in = inputs.get(t);
            Transformation<?> head = t;
            if (in != null && chainable(in, parallelism.get(in.producer()), parallelism.get(t))) {
                head = headOf.get(in.producer());
            }
            headOf.put(t, head);
            chains.computeIfAbsent(head, k -> new ArrayList<>()).add(t);
        }

        // consumers of each physical node
        Map<Transformation<?>, List<Transformation<?>>> consumers = new HashMap<>();
        for (Transformation<?> t : physical) {
            InEdge in = inputs.get(t);
            if (in != null) {
                consumers.computeIfAbsent(in.producer(), k -> new ArrayList<>()).add(t);
            }
        }

        // one input gate per subtask of every chain behind an exchange
        Map<Transformation<?>, InputGate[]> gates = new HashMap<>();
        for (Transformation<?> head : chains.keySet()) {
            InEdge in = inputs.get(head);
            if (in != null) {
                int p = parallelism.get(head);
                int upstream = parallelism.get(in.producer());
                InputGate[] g = new InputGate[p];
                for (int i = 0; i < p; i++) {
                    g[i] = new InputGate(upstream);
                }
                gates.put(head, g);
            }
        }

        List<OperatorMetrics> allMetrics = new ArrayList<>();
        List<Task> tasks = new ArrayList<>();
        for (Map.Entry<Transformation<?>, List<Transformation<?>>> chain : chains.entrySet()) {
            int p = parallelism.get(chain.getKey());
            for (int subtask = 0; subtask < p; subtask++) {
                tasks.add(buildSubtask(jobName, chain.getValue(), subtask, p, inputs, consumers, headOf, gates,
                        parallelism, config, clock, allMetrics));
            }
        }
        LocalJob job = new LocalJob(jobName, allMetrics, tasks.size());
        for (Task task : tasks) {
            job.addTask(task);
        }
        job.start();
        return job;
    }

    private static InEdge resolveInput(OneInputTransformation<?, ?> op) {
        Transformation<?> producer = op.getInput();
        OutputTag<?> tag = null;
        Partitioning partitioning = Partitioning.FORWARD;
        boolean explicit = false;
        KeySelector<?, ?> keySelector = null;
        while (!(producer instanceof SourceTransformation || producer instanceof OneInputTransformation)) {
            if (producer instanceof SideOutputTransformation) {
                SideOutputTransformation<?> s = (SideOutputTransformation<?>) producer;
                if (tag != null) {
                    throw new IllegalStateException("a side output of a side output is not a stream: " + op);
                }
                tag = s.getTag();
                producer = s.getInput();
            } else if (producer instanceof PartitionTransformation) {
                PartitionTransformation<?> pt = (PartitionTransformation<?>) producer;
                if (!explicit) {
                    partitioning = pt.getPartitioning();
                    keySelector = pt.getKeySelector();
                    explicit = true;
                }
                producer = pt.getInput();
            } else {
                throw new UnsupportedOperationException("cannot run " + producer);
            }
        }
        return new InEdge(producer, tag, partitioning, explicit, keySelector);
    }

    private static int parallelismOf(Transformation<?> t, InEdge in, Map<Transformation<?>, Integer> known, int dflt) {
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
        OperatorDescription d = ((OneInputTransformation<?, ?>) t).getDescription();
        if (d instanceof OperatorDescription.TimestampsAndWatermarks && !in.explicit()) {
            return known.get(in.producer());
        }
        return dflt;
    }

    private static boolean chainable(InEdge in, int producerParallelism, int consumerParallelism) {
        if (producerParallelism == 1 && consumerParallelism == 1) {
            return true;
        }
        if (in.partitioning() == Partitioning.FORWARD && producerParallelism != consumerParallelism && in.explicit()) {
            throw new IllegalArgumentException("forward() needs equal parallelism on both sides, not "
                    + producerParallelism + " and " + consumerParallelism);
        }
        return in.partitioning() == Partitioning.FORWARD && producerParallelism == consumerParallelism;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Task buildSubtask(String jobName, List<Transformation<?>> chain, int subtask, int p,
            Map<Transformation<?>, InEdge> inputs, Map<Transformation<?>, List<Transformation<?>>> consumers,
            Map<Transformation<?>, Transformation<?>> headOf, Map<Transformation<?>, InputGate[]> gates,
            Map<Transformation<?>, Integer> parallelism, ExecutionConfig config, Clock clock,
            List<OperatorMetrics> allMetrics) {
        ProcessingTimeService timeService = new ProcessingTimeService(clock);
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
                sourceContext = new OperatorContext(t.getName(), subtask, p, timeService, config);
                allMetrics.add(sourceContext.getMetrics());
                continue;
            }
            OneInputTransformation op = (OneInputTransformation) t;
            AbstractStreamOperator operator = Operators.create(subtask == 0
                    ? op.getDescription()
                    : Copies.copy(op.getDescription(), "operator '" + op.getName() + "'"));
            KeySelector keySelector = op.getKeySelector();
            if (keySelector != null) {
                operator.setKeySelector(subtask == 0 ? keySelector : Copies.copy(keySelector, "the key selector of '" + op.getName() + "'"));
            }
            OperatorContext ctx = new OperatorContext(op.getName(), subtask, p, timeService, config);
            operator.setup(ctx, outputs.get(t));
            allMetrics.add(ctx.getMetrics());
            operators.put(t, operator);
        }
        // wire every consumer of a chain member: chained, or through an exchange
        for (Transformation<?> t : chain) {
            for (Transformation<?> consumer : consumers.getOrDefault(t, List.of())) {
                InEdge edge = inputs.get(consumer);
                Input in;
                if (headOf.get(consumer) == head) {
                    in = new ChainedInput(operators.get(consumer));
                } else {
                    Partitioning partitioning = edge.partitioning();
                    if (partitioning == Partitioning.FORWARD && parallelism.get(consumer) != p) {
                        partitioning = Partitioning.REBALANCE;
                    }
                    RecordWriter<?> writer = new RecordWriter<>(gates.get(consumer), subtask, partitioning, edge.keySelector());
                    writers.add(writer);
                    in = writer;
                }
                RoutingOutput out = outputs.get(t);
                if (edge.tag() == null) {
                    out.addMain(in);
                } else {
                    out.addSide(edge.tag(), in);
                }
            }
        }
        List<AbstractStreamOperator<?, ?>> ops = new ArrayList<>(operators.values());
        String name = jobName + ":" + head.getName() + "-" + subtask;
        if (head instanceof SourceTransformation) {
            SourceDescription d = ((SourceTransformation<?>) head).getDescription();
            if (subtask > 0) {
                d = Copies.copy(d, "source '" + head.getName() + "'");
            }
            Function userFunction = d.match(SourceDescription.Function::function, SourceDescription.Splits::source);
            return new SourceTask(name, source(d, sourceContext, timeService), userFunction, sourceContext,
                    outputs.get(head), ops, writers, timeService);
        }
        Input headInput = new ChainedInput(operators.get(head));
        return new InputTask(name, gates.get(head)[subtask], headInput, ops, writers, timeService);
    }

    /** The source function a source task runs for {@code description}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static SourceFunction<?> source(SourceDescription description, OperatorContext context,
            ProcessingTimeService timeService) {
        return description.match(SourceDescription.Function::function,
                s -> new SplitSourceAdapter<>((SplitSourceFunction) s.source(), (WatermarkStrategy) s.strategy(),
                        timeService, context.getConfig(), context.getMetrics(), context.getSubtaskIndex(),
                        context.getParallelism()));
    }
}
