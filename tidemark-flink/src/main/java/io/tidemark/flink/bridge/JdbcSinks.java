package io.tidemark.flink.bridge;

import io.tidemark.connector.jdbc.JdbcSink;
import io.tidemark.connector.jdbc.JdbcWriter;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.io.IOException;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A Tidemark {@link JdbcSink} as a Flink {@link Sink}: each parallel writer drives its own
 * {@link JdbcWriter} (the same batching, upserts, deletes of replaced rows and retries as on the embedded
 * engine). Flink calls {@code flush} before each checkpoint and at the end of input, so with
 * checkpointing every record acknowledged by a checkpoint is in the table (at-least-once; the writes
 * are idempotent). The batch interval runs on Flink's processing-time service, in the task's thread.
 */
public final class JdbcSinks {

    private JdbcSinks() {}

    /** The Flink sink for {@code sink}. */
    public static Sink<Object> of(JdbcSink<Object> sink) {
        return new FlinkSink(sink);
    }

    private static final class FlinkSink implements Sink<Object> {
        private static final long serialVersionUID = 1L;
        private final JdbcSink<Object> sink;

        FlinkSink(JdbcSink<Object> sink) {
            this.sink = sink;
        }

        @Override
        public SinkWriter<Object> createWriter(WriterInitContext context) throws IOException {
            JdbcWriter<Object> writer = sink.newWriter();
            writer.open();
            return new Writer(writer, context.getProcessingTimeService(), sink.executionOptions().batchIntervalMillis());
        }
    }

    private static final class Writer implements SinkWriter<Object> {
        private final JdbcWriter<Object> writer;
        private final ProcessingTimeService time;
        private final long interval;
        private final Ctx ctx = new Ctx();

        Writer(JdbcWriter<Object> writer, ProcessingTimeService time, long interval) {
            this.writer = writer;
            this.time = time;
            this.interval = interval;
            if (interval > 0) {
                schedule();
            }
        }

        private void schedule() {
            time.registerTimer(time.getCurrentProcessingTime() + interval, now -> {
                writer.flushIfDue(System.currentTimeMillis());
                schedule();
            });
        }

        @Override
        public void write(Object element, Context context) throws IOException {
            ctx.flink = context;
            try {
                writer.write(element, ctx);
            } catch (IOException | RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(e);
            }
        }

        @Override
        public void flush(boolean endOfInput) {
            writer.flushDurably(); // before a checkpoint's barrier: committed and durable
        }

        @Override
        public void close() {
            writer.close();
        }

        /** Tidemark's sink context over Flink's. */
        private final class Ctx implements SinkFunction.Context {
            Context flink;

            @Override
            public long currentProcessingTime() {
                return time.getCurrentProcessingTime();
            }

            @Override
            public long currentWatermark() {
                return flink.currentWatermark();
            }

            @Override
            public Long timestamp() {
                return flink.timestamp();
            }
        }
    }
}
