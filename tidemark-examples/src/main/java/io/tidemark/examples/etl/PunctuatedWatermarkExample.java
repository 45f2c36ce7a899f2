package io.tidemark.examples.etl;

import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkGeneratorSupplier;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.SourceFunction;
import io.tidemark.time.ReplayClock;

/**
 * seeds/001 §4.3.2 (headed "Periodic" in the article, but it is the punctuated one): a custom
 * {@link WatermarkStrategy} whose generator is {@link MyPunctuatedWatermarkGenerator}. The strategy
 * has no timestamp assigner, so records keep the timestamp the source gave them.
 */
public class PunctuatedWatermarkExample {

    public static DataStream<MyEvent> build(StreamExecutionEnvironment env, SourceFunction<MyEvent> mySource) {
        DataStream<MyEvent> stream = env.addSource(mySource); // not in the seed, which starts from an existing `stream`

        // 自定义标记性Watermark
        return stream.assignTimestampsAndWatermarks( // seed: a bare statement; returned so main and tests can use the stream
            new WatermarkStrategy<MyEvent>() {
                @Override
                public WatermarkGenerator<MyEvent> createWatermarkGenerator(
                        WatermarkGeneratorSupplier.Context context) {
                    return new MyPunctuatedWatermarkGenerator();
                }
            }
        );
    }

    public static void main(String[] args) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        build(env, new MySource(clock)).process(new ShowWatermark<>()).print();
        env.execute("punctuated watermarks (seeds/001 §4.3.2)");
    }
}
