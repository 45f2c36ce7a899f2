package io.tidemark.state.rocksdb;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A windowed job whose open windows hold more than the JVM's heap, on RocksDB: elements of random
 * bytes (RocksDB cannot compress them), the element's number in the first 8, keyed by number modulo
 * {@code keys}, all in one long window per key kept for a process function; the end of the input fires
 * every window, which checks each of its elements. Run by {@link StateLargerThanMemoryTest} in a JVM
 * with a small {@code -Xmx}. Arguments: the local directory, elements, bytes per element, keys.
 * Prints {@code OK <bytes in windows>}.
 */
public final class LargeWindowsMain {

    static final List<String> RESULTS = new CopyOnWriteArrayList<>();

    /** Checks every element of a window against the bytes it was made with; emits key and count. */
    static final class Check extends ProcessWindowFunction<byte[], String, Long, TimeWindow> {
        @Override
        public void process(Long key, Context ctx, Iterable<byte[]> elements, Collector<String> out) {
            long n = 0;
            for (byte[] e : elements) {
                long seq = ByteBuffer.wrap(e).getLong();
                if (!Arrays.equals(e, element(seq, e.length))) {
                    throw new AssertionError("key " + key + ": element " + seq + " came back changed");
                }
                n++;
            }
            out.collect(key + ":" + n);
        }
    }

    static final class Results implements SinkFunction<String> {
        @Override
        public void invoke(String value, Context context) {
            RESULTS.add(value);
        }
    }

    public static void main(String[] args) throws Exception {
        String dir = args[0];
        long elements = Long.parseLong(args[1]);
        int size = Integer.parseInt(args[2]);
        long keys = Long.parseLong(args[3]);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setStateBackend(new EmbeddedRocksDBStateBackend().setDbStoragePath(dir));
        env.fromSequence(0, elements - 1).map(i -> element(i, size))
                .assignTimestampsAndWatermarks(WatermarkStrategy.<byte[]>forMonotonousTimestamps()
                        .withTimestampAssigner((e, t) -> ByteBuffer.wrap(e).getLong()))
                .keyBy(e -> ByteBuffer.wrap(e).getLong() % keys)
                .window(TumblingEventTimeWindows.of(Duration.ofDays(1)))
                .process(new Check())
                .addSink(new Results());
        env.execute("large windows");
        long checked = RESULTS.stream().mapToLong(r -> Long.parseLong(r.substring(r.indexOf(':') + 1))).sum();
        if (RESULTS.size() != keys || checked != elements) {
            throw new AssertionError("windows fired: " + RESULTS.size() + " of " + keys + "; elements: " + checked + " of " + elements);
        }
        System.out.println("OK " + elements * size + " max heap " + Runtime.getRuntime().maxMemory());
    }

    /** Element {@code seq}: its number, then random bytes seeded by it. */
    static byte[] element(long seq, int size) {
        byte[] b = LargeStateMain.blob((int) seq, size);
        ByteBuffer.wrap(b).putLong(seq);
        return b;
    }
}
