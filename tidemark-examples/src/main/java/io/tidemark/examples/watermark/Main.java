package io.tidemark.examples.watermark;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;

/**
 * seeds/004 §3.5.3's {@code Main}, which the article only describes: event time, a socket source on
 * localhost:9001, lines parsed into {@link Word}s, {@code assignTimestampsAndWatermarks(new
 * WordPunctuatedWatermark())}. Args: {@code [host [port]]}. Feed it with {@code nc -lk 9001} and lines
 * such as {@code hello,1,1000}.
 */
public class Main {

    public static SingleOutputStreamOperator<Word> build(StreamExecutionEnvironment env, String host, int port) {
        // seed: env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); removed in Flink 2, where event time is the default
        env.setParallelism(1);
        return env.socketTextStream(host, port)
                .map(new MapFunction<String, Word>() {
                    @Override
                    public Word map(String value) throws Exception {
                        String[] split = value.split(",");
                        return new Word(split[0], Integer.valueOf(split[1]), Long.valueOf(split[2]));
                    }
                })
                .assignTimestampsAndWatermarks(WatermarkStrategy // seed: assignTimestampsAndWatermarks(new WordPunctuatedWatermark()); Flink 2 takes a WatermarkStrategy
                        .forGenerator(ctx -> new WordPunctuatedWatermark())
                        .withTimestampAssigner((word, ts) -> word.getTimestamp()));
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        build(env, args.length > 0 ? args[0] : "localhost", args.length > 1 ? Integer.parseInt(args[1]) : 9001).print();
        env.execute("watermark demo");
    }
}
