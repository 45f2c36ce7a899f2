package io.tidemark.runtime.tasks;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.runtime.metrics.OperatorMetrics;
import io.tidemark.runtime.operators.AbstractStreamOperator;
import io.tidemark.runtime.operators.OperatorContext;
import io.tidemark.runtime.time.ProcessingTimeService;
import io.tidemark.streaming.api.transformations.OneInputTransformation;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
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
 * Turns the logical pipeline into running tasks inside this JVM.
 *
 * <p>Each source and every operator downstream of it form one chain, run by one thread: records
 * pass from operator to operator by reference. Exchanges (keyBy, side outputs) between operators of
 * equal parallelism 1 are chained too: keyBy only extracts the key.
 */
public final class LocalExecutor {

    private LocalExecutor() {}

    /** One edge: a physical producer feeds a consumer, through its main output or a side output. */
    private record Edge(Transformation<?> producer, OutputTag<?> tag, OneInputTransformation<?, ?> consumer) {}

    /** Builds and starts the job; returns its client at once. */
    public static LocalJob start(String jobName, List<Transformation<?>> transformations, ExecutionConfig config,
            Clock clock, int defaultParallelism) {
        List<Transformation<?>> physical = new ArrayList<>();
        for (Transformation<?> t : transformations) {
            if (t instanceof SourceTransformation || t instanceof OneInputTransformation) {
                physical.add(t);
            }
        }
        physical.sort(Comparator.comparingInt(Transformation::getId));
        for (Transformation<?> t : physical) {
            int p = t.getParallelism() == -1 ? defaultParallelism : t.getParallelism();
            if (p != 1) {
                throw new UnsupportedOperationException("operator '" + t.getName() + "' has parallelism " + p
                        + "; this engine build runs every operator at parallelism 1");
            }
        }
        Map<Transformation<?>, List<Edge>> consumers = new HashMap<>();
        Map<Transformation<?>, Transformation<?>> sourceOf = new HashMap<>();
        for (Transformation<?> t : physical) {
            if (t instanceof SourceTransformation) {
                sourceOf.put(t, t);
                continue;
            }
            OneInputTransformation<?, ?> op = (OneInputTransformation<?, ?>) t;
            Transformation<?> producer = op.getInput();
            OutputTag<?> tag = null;
            while (!(producer instanceof SourceTransformation || producer instanceof OneInputTransformation)) {
                if (producer instanceof SideOutputTransformation) {
                    SideOutputTransformation<?> s = (SideOutputTransformation<?>) producer;
                    if (tag != null) {
                        throw new IllegalStateException("a side output of a side output is not a stream: " + t);
                    }
                    tag = s.getTag();
                    producer = s.getInput();
                } else if (producer instanceof PartitionTransformation) {
                    producer = ((PartitionTransformation<?>) producer).getInput();
                } else {
                    throw new UnsupportedOperationException("cannot run " + producer);
                }
            }
            consumers.computeIfAbsent(producer, k -> new ArrayList<>()).add(new Edge(producer, tag, op));
            sourceOf.put(t, sourceOf.get(producer));
        }

        Map<Transformation<?>, List<Transformation<?>>> chains = new LinkedHashMap<>();
        for (Transformation<?> t : physical) {
            chains.computeIfAbsent(sourceOf.get(t), k -> new ArrayList<>()).add(t);
        }

        List<OperatorMetrics> allMetrics = new ArrayList<>();
        List<SourceTask<?>> tasks = new ArrayList<>();
        for (Map.Entry<Transformation<?>, List<Transformation<?>>> chain : chains.entrySet()) {
            tasks.add(buildTask(jobName, chain.getValue(), consumers, config, clock, allMetrics));
        }
        LocalJob job = new LocalJob(jobName, allMetrics, tasks.size());
        for (SourceTask<?> task : tasks) {
            task.bind(job);
            job.addTask(task);
        }
        job.start();
        return job;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static SourceTask<?> buildTask(String jobName, List<Transformation<?>> chain,
            Map<Transformation<?>, List<Edge>> consumers, ExecutionConfig config, Clock clock,
            List<OperatorMetrics> allMetrics) {
        ProcessingTimeService timeService = new ProcessingTimeService(clock);
        SourceTransformation<?> source = (SourceTransformation<?>) chain.get(0);
        Map<Transformation<?>, RoutingOutput<?>> outputs = new HashMap<>();
        Map<Transformation<?>, AbstractStreamOperator<?, ?>> operators = new LinkedHashMap<>();
        OperatorContext sourceContext = new OperatorContext(source.getName(), 0, 1, timeService, config);
        allMetrics.add(sourceContext.getMetrics());
        for (Transformation<?> t : chain) {
            outputs.put(t, new RoutingOutput<>());
        }
        for (Transformation<?> t : chain.subList(1, chain.size())) {
            OneInputTransformation op = (OneInputTransformation) t;
            AbstractStreamOperator operator = (AbstractStreamOperator) op.getOperatorFactory().get();
            KeySelector keySelector = op.getKeySelector();
            if (keySelector != null) {
                operator.setKeySelector(keySelector);
            }
            OperatorContext ctx = new OperatorContext(op.getName(), 0, 1, timeService, config);
            operator.setup(ctx, outputs.get(t));
            allMetrics.add(ctx.getMetrics());
            operators.put(t, operator);
        }
        for (Transformation<?> t : chain) {
            for (Edge e : consumers.getOrDefault(t, List.of())) {
                RoutingOutput out = outputs.get(t);
                ChainedInput in = new ChainedInput(operators.get(e.consumer()));
                if (e.tag() == null) {
                    out.addMain(in);
                } else {
                    out.addSide(e.tag(), in);
                }
            }
        }
        return new SourceTask(jobName + ":" + source.getName(), source.getFunction(), sourceContext,
                outputs.get(source), new ArrayList<>(operators.values()), timeService);
    }
}
