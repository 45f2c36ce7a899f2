package io.tidemark.examples.watermark;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.util.OutputTag;
import java.time.Duration;

/**
 * seeds/004 §3.5.7 {@code Main4}: as {@link Main3} without allowed lateness; late words go to the
 * side output "late" and are printed. Args: {@code [host [port]]} (default localhost 9001).
 */
public class Main4 {

    public static final OutputTag<Word> lateDataTag = new OutputTag<Word>("late") { }; // seed: a local variable; a constant so that tests can read the side output

    /** The seed's pipeline up to {@code sum}. */
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

        SingleOutputStreamOperator<Word> sum = data.keyBy(Word::getWord) // seed: keyBy(0); Flink 2 has no field-position keys
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))) // seed: timeWindow(Time.seconds(10)); removed in Flink 2
//                .allowedLateness(Duration.ofMillis(2))
                .sideOutputLateData(lateDataTag)
                .sum("count"); // seed: sum(1); Flink 2 has no field positions: the field is named
        return sum;
    }

    public static void main(String[] args) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        SingleOutputStreamOperator<Word> sum =
                build(env, args.length > 0 ? args[0] : "localhost", args.length > 1 ? Integer.parseInt(args[1]) : 9001);

        sum.print();

        sum.getSideOutput(lateDataTag)
                .print();

        env.execute("watermark demo");
    }
}
