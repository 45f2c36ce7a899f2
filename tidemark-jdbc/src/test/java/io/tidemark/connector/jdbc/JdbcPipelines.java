package io.tidemark.connector.jdbc;

import io.tidemark.api.common.eventtime.WatermarkStrategy;
import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.api.common.state.MapState;
import io.tidemark.api.common.state.MapStateDescriptor;
import io.tidemark.streaming.api.datastream.SingleOutputStreamOperator;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.streaming.api.functions.windowing.ProcessWindowFunction;
import io.tidemark.streaming.api.windowing.assigners.EventTimeSessionWindows;
import io.tidemark.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import io.tidemark.util.Collector;
import io.tidemark.util.OutputTag;
import java.io.Serializable;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Pipelines that write window results and late records to tables, for the JDBC tests of every module
 * (this module's, the Flink runner's): watermarks after every event, parallelism 1, small integer times.
 */
public final class JdbcPipelines {

    private JdbcPipelines() {}

    /** An order: user, event time (ms), amount. */
    public record Order(String user, long ts, long amount) implements Serializable {}

    /** One window firing of one user, and the windows it replaces (absorbed sessions already written). */
    public record Stat(String user, long start, long end, long count, BigDecimal sum, String timing, int firing,
            long watermark, List<List<Object>> replaces) implements Serializable {}

    /**
     * Tumbling 10 ms windows, bound 0, allowed lateness 5 ms. a@5 re-fires a's [0,10) (firing 2, count
     * 3); a@6 and b@7 arrive after the watermark passed 14 and go to the late output.
     */
    public static final List<Order> TUMBLING = List.of(
            new Order("a", 1, 10), new Order("a", 3, 20), new Order("b", 4, 5), new Order("a", 12, 1),
            new Order("a", 5, 100), new Order("a", 21, 2), new Order("a", 6, 1000), new Order("b", 7, 7));

    /**
     * Sessions with gap 10 ms, allowed lateness 100 ms: s@0 and s@18 fire as [0,10) and [18,28); the late
     * s@9 bridges them into [0,28), which replaces both; s@40 makes [40,50).
     */
    public static final List<Order> SESSIONS = List.of(
            new Order("s", 0, 1), new Order("s", 18, 2), new Order("s", 40, 4), new Order("s", 9, 8));

    public static final WindowAssigner<Object, TimeWindow> TUMBLING_WINDOWS = TumblingEventTimeWindows.of(Duration.ofMillis(10));

    /** The results table: key (user, window_start, window_end), count, sum, timing, firing, watermark. */
    public static JdbcTable<Stat> statTable(String name) {
        return JdbcTable.<Stat>builder(name)
                .key("userId", SqlType.TEXT, Stat::user)
                .key("window_start", SqlType.BIGINT, Stat::start)
                .key("window_end", SqlType.BIGINT, Stat::end)
                .column("count", SqlType.BIGINT, Stat::count)
                .column("sum_amount", SqlType.NUMERIC, Stat::sum)
                .column("timing", SqlType.TEXT, Stat::timing)
                .column("firing", SqlType.INTEGER, Stat::firing)
                .column("watermark", SqlType.BIGINT, Stat::watermark)
                .replaces(Stat::replaces)
                .build();
    }

    /** The late store of the tumbling pipeline. */
    public static JdbcTable<Order> lateTable(String name) {
        return LateRecordTable.<Order>builder(name)
                .key(Order::user)
                .record(o -> "{\"user\": \"" + o.user() + "\", \"ts\": " + o.ts() + ", \"amount\": " + o.amount() + "}")
                .arrivalTime(o -> 1000 + o.ts()) // a stand-in arrival time that tests can predict
                .missedWindows(TUMBLING_WINDOWS)
                .build();
    }

    public static JdbcExecutionOptions smallBatches() {
        return JdbcExecutionOptions.builder().withBatchSize(3).withBatchInterval(Duration.ZERO)
                .withBackoff(Duration.ZERO, Duration.ZERO).withMaxRetries(2).build();
    }

    /**
     * {@code input} → tumbling or session windows per user → results upserted into {@code results} (and
     * each firing also to {@code firings}, if given); late orders into {@code late} (if given).
     */
    public static void build(StreamExecutionEnvironment env, List<Order> input, boolean sessions, JdbcConnectionOptions db,
            JdbcExecutionOptions execution, String results, String late, SinkFunction<Stat> firings) {
        env.setParallelism(1);
        env.getConfig().setPerEventWatermarks(true);
        OutputTag<Order> lateTag = new OutputTag<>("late-orders") {};
        SingleOutputStreamOperator<Stat> stats = env.fromCollection(input)
                .assignTimestampsAndWatermarks(WatermarkStrategy.<Order>forBoundedOutOfOrderness(Duration.ZERO)
                        .withTimestampAssigner((o, previous) -> o.ts()))
                .keyBy(Order::user)
                .window(sessions ? EventTimeSessionWindows.withGap(Duration.ofMillis(10)) : TUMBLING_WINDOWS)
                .allowedLateness(Duration.ofMillis(sessions ? 100 : 5))
                .sideOutputLateData(lateTag)
                .aggregate(new CountSum(), new Describe())
                .name("window");
        stats.addSink(JdbcSink.<Stat>builder().table(statTable(results)).connection(db).execution(execution).build())
                .name("results");
        if (firings != null) {
            stats.addSink(firings).name("firings");
        }
        if (late != null) {
            stats.getSideOutput(lateTag)
                    .addSink(JdbcSink.<Order>builder().table(lateTable(late)).connection(db).execution(execution).build())
                    .name("late");
        }
    }

    /** Every row of {@code table}, each as a list of its columns' values, ordered by {@code orderBy}. */
    public static List<List<Object>> rows(Connection c, String table, String orderBy) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM \"" + table + "\" ORDER BY " + orderBy)) {
            ResultSetMetaData md = rs.getMetaData();
            while (rs.next()) {
                List<Object> row = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    Object v = rs.getObject(i);
                    row.add(v instanceof BigDecimal ? ((BigDecimal) v).stripTrailingZeros().toPlainString() : v);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Count and sum of amounts. */
    static final class CountSum implements AggregateFunction<Order, long[], long[]> {
        private static final long serialVersionUID = 1L;

        @Override
        public long[] createAccumulator() {
            return new long[2];
        }

        @Override
        public long[] add(Order o, long[] acc) {
            acc[0]++;
            acc[1] += o.amount();
            return acc;
        }

        @Override
        public long[] getResult(long[] acc) {
            return acc.clone();
        }

        @Override
        public long[] merge(long[] a, long[] b) {
            return new long[] {a[0] + b[0], a[1] + b[1]};
        }
    }

    /**
     * Describes a firing; remembers (in the key's global state) the windows it described, so a session
     * that absorbed earlier-described sessions names them in {@link Stat#replaces()}.
     */
    static final class Describe extends ProcessWindowFunction<long[], Stat, String, TimeWindow> {
        private static final long serialVersionUID = 1L;
        private static final MapStateDescriptor<Long, Long> WRITTEN =
                new MapStateDescriptor<>("written-windows", Long.class, Long.class);

        @Override
        public void process(String user, Context ctx, Iterable<long[]> elements, Collector<Stat> out) throws Exception {
            long[] acc = elements.iterator().next();
            TimeWindow w = ctx.window();
            MapState<Long, Long> written = ctx.globalState().getMapState(WRITTEN);
            List<List<Object>> replaced = new ArrayList<>();
            List<Long> absorbed = new ArrayList<>();
            for (Map.Entry<Long, Long> e : written.entries()) {
                boolean inside = e.getKey() >= w.getStart() && e.getValue() <= w.getEnd();
                if (inside && !(e.getKey() == w.getStart() && e.getValue() == w.getEnd())) {
                    replaced.add(List.of(user, e.getKey(), e.getValue()));
                    absorbed.add(e.getKey());
                }
            }
            for (Long start : absorbed) {
                written.remove(start);
            }
            written.put(w.getStart(), w.getEnd());
            out.collect(new Stat(user, w.getStart(), w.getEnd(), acc[0], BigDecimal.valueOf(acc[1]),
                    ctx.firing().timing().name(), ctx.firing().index(), ctx.firing().watermark(), replaced));
        }
    }
}
