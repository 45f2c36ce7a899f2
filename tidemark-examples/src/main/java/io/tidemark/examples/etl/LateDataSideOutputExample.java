package io.tidemark.examples.etl;

import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.time.ReplayClock;
import io.tidemark.util.OutputTag;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * seeds/001 §4.4.1: 5-minute windows per user with 2 minutes of allowed lateness; later data goes to
 * the side output "late-data", where a map logs it. The input {@code stream} is §4.3.1's (bounded
 * out-of-orderness 5 s).
 */
public class LateDataSideOutputExample {

    private static final Logger log = LoggerFactory.getLogger(LateDataSideOutputExample.class);

    // 允许迟到数据，并放入侧输出流
    public static final OutputTag<MyEvent> lateTag = new OutputTag<MyEvent>("late-data") {}; // seed: a local variable; a constant so that main and tests can read the side output

    public static SingleOutputStreamOperator<MyEvent> build(StreamExecutionEnvironment env, SourceFunction<MyEvent> mySource) {
        DataStream<MyEvent> stream = PeriodicWatermarkExample.build(env, mySource); // the seed's `stream`: §4.3.1's

        SingleOutputStreamOperator<MyEvent> mainStream = stream
            .keyBy(event -> event.getUserId())
            .window(TumblingEventTimeWindows.of(Duration.ofMinutes(5))) // seed: Time.minutes(5); Flink 2 takes a java.time.Duration
            .allowedLateness(Duration.ofMinutes(2))  // 允许迟到2分钟 (seed: Time.minutes(2); Flink 2 takes a java.time.Duration)
            .sideOutputLateData(lateTag)       // 超过2分钟的放入侧输出流
            .process(new MyWindowProcessFunction());

        // 单独处理迟到数据
        DataStream<MyEvent> lateStream = mainStream.getSideOutput(lateTag);
        lateStream.map(event -> {
            // 记录日志或发送到延迟队列
            log.warn("迟到数据：{}", event);
            return event;
        });
        return mainStream;
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        build(env, new MySource(clock)).print("window");
        env.execute("allowed lateness + side output (seeds/001 §4.4.1)");
    }
}
