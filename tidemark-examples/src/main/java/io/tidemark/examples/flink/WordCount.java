package io.tidemark.examples.flink;

import io.tidemark.api.common.functions.FlatMapFunction;
import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.streaming.api.datastream.DataStream;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.util.Collector;

/**
 * A port of Apache Flink's streaming example {@code org.apache.flink.streaming.examples.wordcount.WordCount}
 * (its in-memory input variant), written as a Flink user would and then moved to Tidemark by changing
 * the imports only ({@code org.apache.flink} to {@code io.tidemark}): words split by a tokenizer into
 * {@code (word,1)} tuples, keyed by the word, with a rolling {@code sum(1)}; every updated count is
 * printed as {@code (word,count)}. The file input and output options of Flink's example (FileSource,
 * FileSink, its command-line parser) are left out.
 */
public class WordCount {

    /** The input: the opening of Hamlet's soliloquy (public domain). */
    public static final String[] WORDS = {
        "To be, or not to be,--that is the question:--",
        "Whether 'tis nobler in the mind to suffer",
        "The slings and arrows of outrageous fortune",
        "Or to take arms against a sea of troubles,",
        "And by opposing end them?--To die,--to sleep,--",
    };

    public static void main(String[] args) throws Exception {
        final StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();

        DataStream<String> text = env.fromData(WORDS).name("in-memory-input");

        DataStream<Tuple2<String, Integer>> counts =
                text.flatMap(new Tokenizer())
                        .name("tokenizer")
                        .keyBy(value -> value.f0)
                        .sum(1)
                        .name("counter");

        counts.print().name("print-sink");

        env.execute("WordCount");
    }

    /** Splits a line into lower-case words and emits {@code (word,1)} for each. */
    public static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {

        @Override
        public void flatMap(String value, Collector<Tuple2<String, Integer>> out) {
            String[] tokens = value.toLowerCase().split("\\W+");
            for (String token : tokens) {
                if (token.length() > 0) {
                    out.collect(new Tuple2<>(token, 1));
                }
            }
        }
    }
}
