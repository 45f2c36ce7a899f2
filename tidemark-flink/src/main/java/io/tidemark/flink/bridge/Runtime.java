package io.tidemark.flink.bridge;

import io.tidemark.api.common.JobID;
import io.tidemark.api.common.JobInfo;
import io.tidemark.api.common.TaskInfo;
import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.common.functions.RuntimeContext;
import io.tidemark.api.common.state.AggregatingState;
import io.tidemark.api.common.state.AggregatingStateDescriptor;
import io.tidemark.api.common.state.ListState;
import io.tidemark.api.common.state.ListStateDescriptor;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.api.common.accumulators.LongCounter;

/** The life cycle, runtime context, counters, collectors and tags shared by every adapter. */
public final class Runtime {

    private Runtime() {}

    /** The counter (a Flink accumulator) named {@code operator#metric}; summed over subtasks in the result. */
    public static LongCounter counter(org.apache.flink.api.common.functions.RuntimeContext flink, String operator, String metric) {
        return flink.getLongCounter(operator + "#" + metric);
    }

    /** Sets the Tidemark runtime context and calls {@code open} when {@code f} is a rich function. */
    public static void open(Object f, org.apache.flink.api.common.functions.RuntimeContext flink) throws Exception {
        if (f instanceof RichFunction) {
            RichFunction rich = (RichFunction) f;
            rich.setRuntimeContext(context(flink));
            rich.open(new OpenContext() {});
        }
    }

    public static void close(Object f) throws Exception {
        if (f instanceof RichFunction) {
            ((RichFunction) f).close();
        }
    }

    /** Tidemark's runtime context on top of Flink's. */
    public static RuntimeContext context(org.apache.flink.api.common.functions.RuntimeContext flink) {
        States.Access access = States.of(flink);
        return new RuntimeContext() {
            @Override
            public TaskInfo getTaskInfo() {
                return taskInfo(flink.getTaskInfo());
            }

            @Override
            public JobInfo getJobInfo() {
                org.apache.flink.api.common.JobInfo job = flink.getJobInfo();
                JobID id = jobId(job.getJobId());
                return new JobInfo() {
                    @Override
                    public JobID getJobId() {
                        return id;
                    }

                    @Override
                    public String getJobName() {
                        return job.getJobName();
                    }
                };
            }

            @Override
            public <T> ValueState<T> getState(ValueStateDescriptor<T> descriptor) {
                return States.get(access, descriptor);
            }

            @Override
            public <T> ListState<T> getListState(ListStateDescriptor<T> descriptor) {
                return States.get(access, descriptor);
            }

            @Override
            public <K, V> MapState<K, V> getMapState(MapStateDescriptor<K, V> descriptor) {
                return States.get(access, descriptor);
            }

            @Override
            public <T> ReducingState<T> getReducingState(ReducingStateDescriptor<T> descriptor) {
                return States.get(access, descriptor);
            }

            @Override
            public <IN, ACC, OUT> AggregatingState<IN, OUT> getAggregatingState(AggregatingStateDescriptor<IN, ACC, OUT> descriptor) {
                return States.get(access, descriptor);
            }
        };
    }

    /** Flink's job id as Tidemark's: the same 128 bits, so it prints the same. */
    public static JobID jobId(org.apache.flink.api.common.JobID flink) {
        return new JobID(flink.getLowerPart(), flink.getUpperPart());
    }

    /** Flink's task info seen through Tidemark's interface. */
    static TaskInfo taskInfo(org.apache.flink.api.common.TaskInfo flink) {
        return new TaskInfo() {
            @Override
            public String getTaskName() {
                return flink.getTaskName();
            }

            @Override
            public int getMaxNumberOfParallelSubtasks() {
                return flink.getMaxNumberOfParallelSubtasks();
            }

            @Override
            public int getIndexOfThisSubtask() {
                return flink.getIndexOfThisSubtask();
            }

            @Override
            public int getNumberOfParallelSubtasks() {
                return flink.getNumberOfParallelSubtasks();
            }

            @Override
            public int getAttemptNumber() {
                return flink.getAttemptNumber();
            }

            @Override
            public String getTaskNameWithSubtasks() {
                return flink.getTaskNameWithSubtasks();
            }

            @Override
            public String getAllocationIDAsString() {
                return flink.getAllocationIDAsString();
            }
        };
    }

    /** A Tidemark collector writing to a Flink collector, counting what it emits. */
    public static <T> Collector<T> collector(org.apache.flink.util.Collector<T> out, LongCounter counter) {
        return new Collector<>() {
            @Override
            public void collect(T record) {
                if (counter != null) {
                    counter.add(1L);
                }
                out.collect(record);
            }
        };
    }

    private static final Map<String, org.apache.flink.util.OutputTag<Object>> TAGS = new ConcurrentHashMap<>();

    /** The Flink side output for a Tidemark tag: same id, values of any class. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public static <X> org.apache.flink.util.OutputTag<X> tag(OutputTag<X> tag) {
        return (org.apache.flink.util.OutputTag) TAGS.computeIfAbsent(tag.getId(),
                id -> new org.apache.flink.util.OutputTag<>(id, States.OBJECT));
    }

    /** The user's class name, for messages. */
    public static String describe(Function f) {
        return f == null ? "null" : f.getClass().getName();
    }
}
