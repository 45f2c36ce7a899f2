package io.tidemark.examples.watermark;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import java.time.Duration;

/**
 * seeds/004 §3.5.6 {@code Main3}: socket lines {@code word,count,timestamp} → {@link Word} →
 * {@link WordPeriodicWatermark} (5 s) → per word, 10-second event-time windows, 2 ms allowed lateness,
 * sum of {@code count}. Args: {@code [host [port]]} (default localhost 9001; feed with {@code nc -lk 9001}).
 */
public class Main3 {

    /** The seed's pipeline up to {@code .print()}. */
    public static SingleOutputStreamOperator<Word> build(StreamExecutionEnvironment env, String host, int port) {
        // seed: env.setStreamTimeCharacteristic(TimeCharacteristic.EventTime); removed in Flink 2, where event time is the default
        env.setParallelism(1);
        SingleOutputStreamOperator<Word> data = env.socketTextStream(host, port) // seed: ("localhost", 9001); now main's arguments
                .map(new MapFunction<String, Word>() {
                    @Override
                    public Word map(String value) throws Exception {
                        String[] split = value.split(",");
                        return new Word(split[0], Integer.valueOf(split[1]), Long.valueOf(split[2]));
                    }
                }).assignTimestampsAndWatermarks(WatermarkStrategy // seed: (new WordPeriodicWatermark()); Flink 2 takes a WatermarkStrategy
                        .forGenerator(ctx -> new WordPeriodicWatermark())
                        .withTimestampAssigner((word, ts) -> word.getTimestamp()));

        return data.keyBy(Word::getWord) // seed: keyBy(0); Flink 2 has no field-position keys (and position 0 never worked on a POJO)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // seed: timeWindow(Time.seconds(10)); removed in Flink 2
                .allowedLateness(Duration.ofMillis(2)) // seed: Time.milliseconds(2); Flink 2 takes a java.time.Duration
                .sum("count"); // seed: sum(1); Flink 2 has no field positions: the field is named
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        build(env, args.length > 0 ? args[0] : "localhost", args.length > 1 ? Integer.parseInt(args[1]) : 9001)
                .print();
        env.execute("watermark demo");
    }
}
