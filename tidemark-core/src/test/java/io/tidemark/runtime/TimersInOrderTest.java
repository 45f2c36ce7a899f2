package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.KeyedProcessFunction;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.ScriptedSplitSource;
import io.tidemark.time.ManualClock;
import io.tidemark.util.Collector;
import org.junit.jupiter.api.Test;

/**
 * Processing-time timers fire one at a time in time order, also when a timer's callback emits a
 * watermark (which fires due timers first): the split source's periodic emission at 200 must send its
 * watermark before the process function's timer at 300 runs.
 */
class TimersInOrderTest {

    /** Registers a processing-time timer at 300 on the first record; its firing reports the watermark. */
    static final class TimerAt300 extends KeyedProcessFunction<String, String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            if (value.equals("x")) {
                ctx.timerService().registerProcessingTimeTimer(300);
            }
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out) {
            out.collect("timer@" + timestamp + " sees watermark " + ctx.timerService().currentWatermark());
        }
    }

    @Test
    void aLaterTimerDoesNotRunInsideAnEarlierOne() throws Exception {
        ManualClock clock = new ManualClock(0);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        env.getConfig().setAutoWatermarkInterval(200);
        // the clock jumps from 0 to 1000: the periodic emission due at 200 (watermark 999 for x@1000)
        // and the user's timer due at 300 fire, in this order, before y goes out
        ScriptedSplitSource<String> src = new ScriptedSplitSource<String>(clock)
                .record("a", "x", 1000)
                .at(1000).record("a", "y", 2000);
        CollectSink<String> sink = new CollectSink<>();
        env.fromSource(src, WatermarkStrategy.forMonotonousTimestamps(), "splits")
                .keyBy(v -> "k").process(new TimerAt300()).addSink(sink);
        env.execute("timers in order");
        assertThat(sink.values()).containsExactly("timer@300 sees watermark 999");
    }
}
