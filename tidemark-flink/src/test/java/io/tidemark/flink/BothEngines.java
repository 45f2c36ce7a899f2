package io.tidemark.flink;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.util.LinkedHashMap;
import java.util.Map;

/** Runs one pipeline on the embedded engine and on Flink and returns what each named sink received. */
final class BothEngines {

    /** Builds the pipeline; {@code sinks.sink(name)} gives the sink that collects output {@code name}. */
    interface Pipeline {
        void build(StreamExecutionEnvironment env, Sinks sinks) throws Exception;
    }

    static final class Sinks {
        final Map<String, String> ids = new LinkedHashMap<>();

        <T> SinkFunction<T> sink(String name) {
            return Collect.sink(ids.computeIfAbsent(name, n -> Collect.newId()));
        }

        Map<String, Object> take() {
            Map<String, Object> out = new LinkedHashMap<>();
            ids.forEach((name, id) -> out.put(name, Collect.take(id)));
            return out;
        }
    }

    record Results(Map<String, Object> tidemark, Map<String, Object> flink) {}

    private BothEngines() {}

    static Results run(Pipeline pipeline) throws Exception {
        StreamExecutionEnvironment a = StreamExecutionEnvironment.getExecutionEnvironment();
        Sinks sa = new Sinks();
        pipeline.build(a, sa);
        a.execute("tidemark");
        StreamExecutionEnvironment b = StreamExecutionEnvironment.getExecutionEnvironment();
        Sinks sb = new Sinks();
        pipeline.build(b, sb);
        FlinkRunner.execute(b, "flink", SharedMiniCluster.options());
        return new Results(sa.take(), sb.take());
    }
}
