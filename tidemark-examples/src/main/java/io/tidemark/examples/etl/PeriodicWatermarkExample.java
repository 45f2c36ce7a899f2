package io.tidemark.examples.etl;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.time.ReplayClock;
import java.time.Duration;

/**
 * seeds/001 §4.3.1 (the article's heading says "Punctuated" but the text and code are the periodic
 * bounded-out-of-orderness strategy): watermark = largest event time seen − 5 s (− 1 ms), emitted
 * every 200 ms of processing time.
 */
public class PeriodicWatermarkExample {

    /** The seed's snippet; {@code mySource} is the seed's {@code new MySource()}. */
    public static DataStream<MyEvent> build(StreamExecutionEnvironment env, SourceFunction<MyEvent> mySource) {
        // 设置周期性Watermark，允许最大乱序5秒
        DataStream<MyEvent> stream = env
            .addSource(mySource) // seed: new MySource(); a parameter: our MySource needs the job's replay clock, tests pass their own events
            .assignTimestampsAndWatermarks(
                WatermarkStrategy.<MyEvent>forBoundedOutOfOrderness(Duration.ofSeconds(5))
                    .withTimestampAssigner((event, timestamp) -> event.getEventTime())
            );
        return stream;
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        build(env, new MySource(clock)).process(new ShowWatermark<>()).print();
        env.execute("periodic watermarks (seeds/001 §4.3.1)");
    }
}
