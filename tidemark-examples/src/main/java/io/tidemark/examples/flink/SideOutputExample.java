package io.tidemark.examples.flink;

import io.tidemark.api.common.eventtime.AscendingTimestampsWatermarks;
import io.tidemark.api.common.eventtime.TimestampAssigner;
import io.tidemark.api.common.eventtime.TimestampAssignerSupplier;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkGeneratorSupplier;
import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.ProcessFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.time.Duration;

/**
 * A port of Apache Flink's streaming example
 * {@code org.apache.flink.streaming.examples.sideoutput.SideOutputExample}, moved to Tidemark by changing
 * the imports: a tokenizer (a keyed {@code ProcessFunction}) sends words longer than five letters to the
 * side output {@code "rejected"} and the others on as {@code (word,1)}; the kept words are counted per
 * five-second window of ingestion time ({@code sum(1)}), the rejected ones printed as
 * {@code "rejected: word"}. Changes beyond the imports: the input is {@link WordCount#WORDS} (the
 * example's {@code --input}/{@code --output} options and its {@code ParameterTool} are left out), and
 * the stream with timestamps is the one {@code assignTimestampsAndWatermarks} returns (the version of
 * the example we read discarded it, leaving the windows without timestamps).
 */
public class SideOutputExample {

    /** Where the tokenizer sends the words it rejects. */
    private static final OutputTag<String> rejectedWordsTag = new OutputTag<String>("rejected") {};

    public static void main(String[] args) throws Exception {
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();

        DataStream<String> text = env.fromData(WordCount.WORDS);

        text = text.assignTimestampsAndWatermarks(IngestionTimeWatermarkStrategy.create());

        SingleOutputStreamOperator<Tuple2<String, Integer>> tokenized =
                text.keyBy(
                                new KeySelector<String, Integer>() {
                                    private static final long serialVersionUID = 1L;

                                    @Override
                                    public Integer getKey(String value) throws Exception {
                                        return 0;
                                    }
                                })
                        .process(new Tokenizer());

        DataStream<String> rejectedWords =
                tokenized
                        .getSideOutput(rejectedWordsTag)
                        .map(
                                new MapFunction<String, String>() {
                                    private static final long serialVersionUID = 1L;

                                    @Override
                                    public String map(String value) throws Exception {
                                        return "rejected: " + value;
                                    }
                                });

        DataStream<Tuple2<String, Integer>> counts =
                tokenized
                        .keyBy(value -> value.f0)
                        .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
                        // group by the tuple field "0" and sum up tuple field "1"
                        .sum(1);

        counts.print();
        rejectedWords.print();

        env.execute("Streaming WordCount SideOutput");
    }

    /** Splits a line into words; words longer than five letters go to the side output. */
    public static final class Tokenizer extends ProcessFunction<String, Tuple2<String, Integer>> {
        private static final long serialVersionUID = 1L;

        @Override
        public void processElement(String value, Context ctx, Collector<Tuple2<String, Integer>> out) throws Exception {
            String[] tokens = value.toLowerCase().split("\\W+");
            for (String token : tokens) {
                if (token.length() > 5) {
                    ctx.output(rejectedWordsTag, token);
                } else if (token.length() > 0) {
                    out.collect(new Tuple2<>(token, 1));
                }
            }
        }
    }

    /** The current system time as each record's event time, with ascending watermarks. */
    private static class IngestionTimeWatermarkStrategy<T> implements WatermarkStrategy<T> {

        private IngestionTimeWatermarkStrategy() {}

        public static <T> IngestionTimeWatermarkStrategy<T> create() {
            return new IngestionTimeWatermarkStrategy<>();
        }

        @Override
        public WatermarkGenerator<T> createWatermarkGenerator(WatermarkGeneratorSupplier.Context context) {
            return new AscendingTimestampsWatermarks<>();
        }

        @Override
        public TimestampAssigner<T> createTimestampAssigner(TimestampAssignerSupplier.Context context) {
            return (event, timestamp) -> System.currentTimeMillis();
        }
    }
}
