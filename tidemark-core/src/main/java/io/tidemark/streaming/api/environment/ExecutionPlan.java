package io.tidemark.streaming.api.environment;

import io.tidemark.streaming.api.transformations.OneInputTransformation;
import io.tidemark.streaming.api.transformations.OperatorDescription;
import io.tidemark.streaming.api.transformations.PartitionTransformation;
import io.tidemark.streaming.api.transformations.SideOutputTransformation;
import io.tidemark.streaming.api.transformations.SourceTransformation;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.streaming.api.transformations.TwoInputTransformation;
import io.tidemark.streaming.api.transformations.UnionTransformation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A pipeline's plan as JSON, in the layout of Flink's {@code getExecutionPlan()}: one node per operator
 * (id, name as {@code type} and {@code contents}, {@code pact} "Data Source", "Operator" or "Data
 * Sink", parallelism) with its predecessors and how records reach it ({@code ship_strategy} FORWARD,
 * REBALANCE, HASH, BROADCAST). Ids are the pipeline's own node ids.
 */
final class ExecutionPlan {

    private ExecutionPlan() {}

    /** One predecessor edge. */
    private record Edge(int id, String strategy, String side) {}

    static String of(List<Transformation<?>> transformations, int defaultParallelism) {
        Map<Transformation<?>, Integer> parallelism = new HashMap<>();
        StringBuilder json = new StringBuilder("{\n  \"nodes\" : [ ");
        boolean first = true;
        for (Transformation<?> t : transformations) {
            if (!(t instanceof SourceTransformation || t instanceof OneInputTransformation || t instanceof TwoInputTransformation)) {
                continue;
            }
            List<Edge> edges = new ArrayList<>();
            List<Transformation<?>> inputs = t.getInputs();
            for (int i = 0; i < inputs.size(); i++) {
                resolve(inputs.get(i), null, inputs.size() == 1 || i == 1 ? "second" : "first", edges);
            }
            int p = parallelismOf(t, edges, parallelism, defaultParallelism);
            parallelism.put(t, p);
            String name = name(t);
            json.append(first ? "{\n" : ", {\n");
            first = false;
            json.append("    \"id\" : ").append(t.getId()).append(",\n");
            json.append("    \"type\" : ").append(quote(name)).append(",\n");
            json.append("    \"pact\" : ").append(quote(pact(t))).append(",\n");
            json.append("    \"contents\" : ").append(quote(name)).append(",\n");
            json.append("    \"parallelism\" : ").append(p);
            if (!edges.isEmpty()) {
                json.append(",\n    \"predecessors\" : [ ");
                for (int i = 0; i < edges.size(); i++) {
                    Edge e = edges.get(i);
                    String strategy = e.strategy() != null ? e.strategy()
                            : parallelism.getOrDefault(byId(transformations, e.id()), p) == p ? "FORWARD" : "REBALANCE";
                    json.append(i == 0 ? "{\n" : ", {\n").append("      \"id\" : ").append(e.id()).append(",\n")
                            .append("      \"ship_strategy\" : ").append(quote(strategy)).append(",\n")
                            .append("      \"side\" : ").append(quote(e.side())).append("\n    }");
                }
                json.append(" ]");
            }
            json.append("\n  }");
        }
        return json.append(" ]\n}").toString();
    }

    private static Transformation<?> byId(List<Transformation<?>> all, int id) {
        return all.stream().filter(t -> t.getId() == id).findFirst().orElse(null);
    }

    /** The physical nodes {@code t} stands for, with the partitioning nearest the consumer; null: by parallelism. */
    private static void resolve(Transformation<?> t, String strategy, String side, List<Edge> out) {
        if (t instanceof SideOutputTransformation<?> s) {
            resolve(s.getInput(), strategy, side, out);
        } else if (t instanceof PartitionTransformation<?> p) {
            resolve(p.getInput(), strategy != null ? strategy : p.getPartitioning().name(), side, out);
        } else if (t instanceof UnionTransformation<?> u) {
            for (Transformation<?> each : u.getUnionInputs()) {
                resolve(each, strategy, side, out);
            }
        } else {
            out.add(new Edge(t.getId(), strategy, side));
        }
    }

    private static int parallelismOf(Transformation<?> t, List<Edge> in, Map<Transformation<?>, Integer> known, int dflt) {
        if (t.getParallelism() != -1) {
            return t.getParallelism();
        }
        if (t instanceof SourceTransformation<?> s) {
            return s.getDescription().isParallel() ? dflt : 1;
        }
        if (t instanceof OneInputTransformation<?, ?> o && o.getDescription() instanceof OperatorDescription.TimestampsAndWatermarks
                && in.size() == 1 && in.get(0).strategy() == null) {
            for (Map.Entry<Transformation<?>, Integer> e : known.entrySet()) {
                if (e.getKey().getId() == in.get(0).id()) {
                    return e.getValue();
                }
            }
        }
        return dflt;
    }

    private static boolean isSink(Transformation<?> t) {
        return t instanceof OneInputTransformation<?, ?> o && (o.getDescription() instanceof OperatorDescription.Sink
                || o.getDescription() instanceof OperatorDescription.SinkV2);
    }

    private static String pact(Transformation<?> t) {
        return t instanceof SourceTransformation ? "Data Source" : isSink(t) ? "Data Sink" : "Operator";
    }

    private static String name(Transformation<?> t) {
        String prefix = t instanceof SourceTransformation ? "Source: " : isSink(t) ? "Sink: " : "";
        return t.getName().startsWith(prefix) ? t.getName() : prefix + t.getName();
    }

    private static String quote(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
