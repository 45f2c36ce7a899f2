package io.tidemark.flink.examples.original.users;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.sink.legacy.PrintSinkFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

/**
 * A Flink 2 user's job, ported by its imports: each subtask of a parallel map reports where it runs
 * through {@code getRuntimeContext().getTaskInfo()} and {@code getJobInfo()}; odd numbers go to a side
 * output whose tag is made with its type information, even ones to Flink 2's legacy
 * {@code PrintSinkFunction}; operators carry uids, a uid hash, descriptions, a slot sharing group and
 * chaining settings (the map runs in a chain of its own, so its task name is its own name on Flink too).
 */
@PublicEvolving
public class SubtaskReport {

    static final OutputTag<String> ODD = new OutputTag<>("odd", Types.STRING);

    /** What a subtask reports when it opens. */
    @VisibleForTesting
    static String report(TaskInfo task, String jobName, int jobIdLength) {
        return "open " + task.getTaskNameWithSubtasks() + " of " + task.getNumberOfParallelSubtasks() + ", max "
                + task.getMaxNumberOfParallelSubtasks() + ", attempt " + task.getAttemptNumber() + ", job '" + jobName
                + "' (" + jobIdLength + " hex digits)";
    }

    /** Passes numbers on; reports its subtask when it opens. */
    static final class Reporter extends RichMapFunction<Long, Long> {
        @Override
        public void open(OpenContext openContext) {
            System.out.println(report(getRuntimeContext().getTaskInfo(), getRuntimeContext().getJobInfo().getJobName(),
                    getRuntimeContext().getJobInfo().getJobId().toHexString().length()));
        }

        @Override
        public Long map(Long value) {
            return value;
        }
    }

    /** Even numbers on, odd ones to the side output. */
    static final class Splitter extends ProcessFunction<Long, String> {
        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) {
            if (value % 2 == 0) {
                out.collect("even " + value);
            } else {
                ctx.output(ODD, "odd " + value);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        SingleOutputStreamOperator<Long> numbers = env.fromSequence(1, 10).name("numbers").uid("numbers");
        SingleOutputStreamOperator<Long> reported = numbers.map(new Reporter()).name("reporter").uid("reporter")
                .setDescription("reports its subtask").disableChaining();
        SingleOutputStreamOperator<String> split = reported.process(new Splitter()).name("splitter")
                .setUidHash("0123456789abcdef0123456789abcdef").startNewChain();
        split.addSink(new PrintSinkFunction<>()).name("evens").uid("evens").setParallelism(1);
        split.getSideOutput(ODD).print("odd").name("odds").setParallelism(1).slotSharingGroup("side")
                .setDescription("odd numbers");
        env.execute("subtask report");
    }
}
