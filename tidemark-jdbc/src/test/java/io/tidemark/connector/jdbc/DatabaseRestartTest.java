package io.tidemark.connector.jdbc;

import static io.tidemark.connector.jdbc.JdbcPipelines.Order;
import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The database server is killed in the middle of a run (as a crash would: connections cut) and started
 * again: the sink's write fails, it waits (the test's sleeper starts the server at that moment, so no
 * test waits on the clock), retries on a new connection, and the table ends complete and correct.
 */
class DatabaseRestartTest {

    static PostgresServer server;
    static final AtomicInteger RESTARTS = new AtomicInteger();
    static final List<Long> WAITS = new ArrayList<>();

    @BeforeAll
    static void start() throws Exception {
        server = PostgresServer.start(); // its own: this test stops it
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** Kills the server when the {@code at}-th order passes (in the task thread, before the sink sees it). */
    record KillServerAt(int at) implements MapFunction<Order, Order> {
        static final AtomicInteger SEEN = new AtomicInteger();

        @Override
        public Order map(Order o) throws Exception {
            if (SEEN.incrementAndGet() == at) {
                server.kill();
            }
            return o;
        }
    }

    /** Starts the server again on the first wait, so the retry after it finds the server up. */
    static void restartOnWait(long millis) {
        WAITS.add(millis);
        if (RESTARTS.get() == 0) {
            try {
                server.startServer();
                RESTARTS.incrementAndGet();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void theSinkRetriesAcrossARestartAndLosesNothing() throws Exception {
        String table = "restart_results";
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            orders.add(new Order("u" + (i % 3), i * 2L, i)); // 12 windows of 10 ms, each with all 3 users, fire as the orders go by
        }
        JdbcExecutionOptions execution = JdbcExecutionOptions.builder().withBatchSize(4)
                .withBatchInterval(java.time.Duration.ZERO).withMaxRetries(5).build();
        JdbcSink<JdbcPipelines.Stat> sink = JdbcSink.<JdbcPipelines.Stat>builder().table(JdbcPipelines.statTable(table))
                .connection(server.options()).execution(execution).sleeper(DatabaseRestartTest::restartOnWait).build();

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        env.getConfig().setPerEventWatermarks(true);
        List<JdbcPipelines.Stat> fired = new ArrayList<>();
        env.fromCollection(orders)
                .map(new KillServerAt(40))
                .assignTimestampsAndWatermarks(io.tidemark.api.common.eventtime.WatermarkStrategy
                        .<Order>forBoundedOutOfOrderness(java.time.Duration.ZERO).withTimestampAssigner((o, p) -> o.ts()))
                .keyBy(Order::user)
                .window(JdbcPipelines.TUMBLING_WINDOWS)
                .aggregate(new JdbcPipelines.CountSum(), new JdbcPipelines.Describe())
                .addSink(new SinkFunction<JdbcPipelines.Stat>() {
                    @Override
                    public void invoke(JdbcPipelines.Stat s, Context context) throws Exception {
                        fired.add(s);
                        sink.invoke(s, context);
                    }

                    @Override
                    public void finish() {
                        sink.finish();
                    }
                });
        sink.open(null);
        try {
            env.execute("through a restart");
            assertThat(RESTARTS).hasValue(1);
            assertThat(WAITS).as("one wait, the first backoff").containsExactly(execution.backoffMillis(1));
            assertThat(sink.writer().retries()).isEqualTo(1);
            assertThat(sink.writer().flushes()).as("the failed flush was written whole after the restart, and others "
                    + "before and after it").isGreaterThan(2);
        } finally {
            sink.close();
        }

        List<List<Object>> expected = new ArrayList<>();
        fired.stream().sorted((x, y) -> x.user().equals(y.user()) ? Long.compare(x.start(), y.start()) : x.user().compareTo(y.user()))
                .forEach(s -> expected.add(List.of(s.user(), s.start(), s.end(), s.count(), s.sum().toPlainString())));
        assertThat(expected).hasSize(3 * 12);
        try (Connection c = server.connect()) {
            assertThat(JdbcPipelines.rows(c, table, "\"userId\", window_start")).extracting(r -> r.subList(0, 5))
                    .isEqualTo(expected);
        }
    }
}
