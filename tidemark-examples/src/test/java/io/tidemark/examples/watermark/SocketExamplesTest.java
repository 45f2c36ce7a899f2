package io.tidemark.examples.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.testutils.CollectSink;
import io.tidemark.testutils.WatermarkRecorder;
import io.tidemark.time.ManualClock;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * seeds/004 Main, Main3, Main4 against a local socket that serves fixed lines and closes (the socket
 * source then ends, and the final watermark fires the open windows).
 *
 * <p>Watermark cadence: the article types lines into {@code nc -lk 9001}, seconds apart, so the 200 ms
 * periodic watermark runs after every line. The test reproduces that without waiting on wall time:
 * watermark interval 0 (Tidemark: emit after every event) and a {@link ManualClock}. So after each line
 * the watermark is (largest timestamp so far) − 5000 ({@code WordPeriodicWatermark}, no extra − 1 ms).
 */
class SocketExamplesTest {

    private ServerSocket server;
    private CompletableFuture<Void> served;

    /** Serves {@code lines} to the first client on 127.0.0.1 and closes the connection. */
    private int serve(String... lines) throws IOException {
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        server.setSoTimeout(10_000); // waiting for the job's connection, never for wall time in the job
        served = CompletableFuture.runAsync(() -> {
            try (Socket client = server.accept(); OutputStream out = client.getOutputStream()) {
                out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        });
        return server.getLocalPort();
    }

    @AfterEach
    void close() throws Exception {
        if (served != null) {
            served.get(10, TimeUnit.SECONDS);
        }
        if (server != null) {
            server.close();
        }
    }

    static StreamExecutionEnvironment env() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(new ManualClock());
        env.getConfig().setPerEventWatermarks(true);
        return env;
    }

    static List<String> wordCounts(List<Word> words) {
        List<String> out = new ArrayList<>();
        for (Word w : words) {
            out.add(w.getWord() + "=" + w.getCount());
        }
        return out;
    }

    /** Main3: 10 s windows, 2 ms allowed lateness: one re-firing inside the 2 ms, then a drop. */
    @Test
    void main3SumsPerWindowWithTwoMillisecondsOfLateness() throws Exception {
        int port = serve(
                "a,1,1000",   // wm -4000
                "a,2,5000",   // wm 0
                "b,3,7000",   // wm 2000
                "a,1,15000",  // wm 10000 >= 9999: [0,10000) fires: a=3, b=3
                "a,5,9000",   // cleanup at 9999 + 2 = 10001 > 10000: a's window fires again, a=8
                "b,1,15001",  // wm 10001: [0,10000) is cleaned up
                "a,7,9500");  // late: dropped (Main3 has no side output)
        StreamExecutionEnvironment env = env();
        CollectSink<Word> sink = new CollectSink<>();
        Main3.build(env, "127.0.0.1", port).addSink(sink);
        JobExecutionResult result = env.execute("test");

        List<String> got = wordCounts(sink.values());
        assertThat(got.subList(0, 2)).containsExactlyInAnyOrder("a=3", "b=3");
        assertThat(got.get(2)).isEqualTo("a=8");
        assertThat(got.subList(3, got.size())).containsExactlyInAnyOrder("a=1", "b=1"); // [10000,20000) at the end
        assertThat(result.getCounter("Window(sum(count))", "numLateRecordsDropped")).isEqualTo(1);
        // sum keeps the other fields of the window's first word, as Flink's sum does
        assertThat(sink.values().get(2).getTimestamp()).isEqualTo(1000);
    }

    /** Main4: no allowed lateness; the late word goes to the "late" side output. */
    @Test
    void main4SendsLateWordsToTheSideOutput() throws Exception {
        int port = serve(
                "a,1,1000",
                "a,2,3000",
                "b,5,4000",
                "a,1,12000",  // wm 7000
                "a,3,9000",   // 9000 > 7000: on time, a's [0,10000) = 1+2+3
                "b,1,16000",  // wm 11000: [0,10000) fires: a=6, b=5
                "a,4,8000",   // late -> side output
                "b,2,15000",  // [10000,20000)
                "a,1,26000"); // wm 21000: [10000,20000) fires: a=1, b=1+2
        StreamExecutionEnvironment env = env();
        CollectSink<Word> sums = new CollectSink<>();
        CollectSink<Word> late = new CollectSink<>();
        SingleOutputStreamOperator<Word> sum = Main4.build(env, "127.0.0.1", port);
        sum.addSink(sums);
        sum.getSideOutput(Main4.lateDataTag).addSink(late);
        env.execute("test");

        List<String> got = wordCounts(sums.values());
        assertThat(got.subList(0, 2)).containsExactlyInAnyOrder("a=6", "b=5");
        assertThat(got.subList(2, 4)).containsExactlyInAnyOrder("a=1", "b=3");
        assertThat(got.subList(4, got.size())).containsExactly("a=1"); // [20000,30000) at the end
        assertThat(late.values()).extracting(w -> w.getWord() + "," + w.getCount() + "," + w.getTimestamp())
                .containsExactly("a,4,8000");
    }

    /** Main (punctuated): watermarks only at timestamps divisible by 3, never backwards. */
    @Test
    void mainEmitsWatermarksAtTimestampsDivisibleByThree() throws Exception {
        int port = serve("a,1,1000", "a,1,3000", "b,1,2000", "b,1,6001", "a,1,9000", "a,1,4500");
        StreamExecutionEnvironment env = env();
        List<String> log = WatermarkRecorder.newLog();
        Main.build(env, "127.0.0.1", port).transform("recorder", () -> new WatermarkRecorder<Word>(log));
        env.execute("test");
        assertThat(log).filteredOn(e -> e.startsWith("w:"))
                .containsExactly("w:3000", "w:9000", "w:" + Long.MAX_VALUE); // 4500 is below 9000: ignored
    }

    @Test
    void wordPeriodicWatermarkLagsFiveSeconds() {
        WordPeriodicWatermark generator = new WordPeriodicWatermark();
        assertThat(generator.getCurrentWatermark().getTimestamp()).isEqualTo(Long.MIN_VALUE);
        generator.onEvent(new Word("a", 1, 12_000), 12_000, null);
        generator.onEvent(new Word("a", 1, 9_000), 9_000, null);
        assertThat(generator.getCurrentWatermark().getTimestamp()).isEqualTo(7_000);
    }
}
