package io.tidemark.connector.jdbc;

import static io.tidemark.connector.jdbc.JdbcPipelines.Order;
import static io.tidemark.connector.jdbc.JdbcPipelines.Stat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The sink on a real PostgreSQL server and on H2 (the embedded default), through whole pipelines. */
class JdbcSinkTest {

    @TempDir
    static Path h2Folder;

    static JdbcConnectionOptions db(String kind) throws Exception {
        return kind.equals("postgres") ? Databases.postgres() : Databases.h2(h2Folder);
    }

    /** Every firing the window operator emitted, per run id (the embedded engine runs in this JVM). */
    static final Map<String, ConcurrentLinkedQueue<Stat>> FIRINGS = new ConcurrentHashMap<>();

    record Firings(String id) implements SinkFunction<Stat> {
        @Override
        public void invoke(Stat s, Context context) {
            FIRINGS.computeIfAbsent(id, k -> new ConcurrentLinkedQueue<>()).add(s);
        }
    }

    static List<List<Object>> rowsOf(Stat s) {
        return List.of(List.of(s.user(), s.start(), s.end(), s.count(), s.sum().toPlainString(), s.timing(), s.firing(),
                s.watermark()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void lateReFiringsLeaveOneRowPerWindowEqualToItsLastFiring(String kind) throws Exception {
        JdbcConnectionOptions db = db(kind);
        String results = Databases.table("stats");
        String late = Databases.table("late");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        JdbcPipelines.build(env, JdbcPipelines.TUMBLING, false, db, JdbcPipelines.smallBatches(), results, late,
                new Firings(results));
        env.execute("tumbling into " + kind);

        List<Stat> firings = new ArrayList<>(FIRINGS.get(results));
        assertThat(firings).as("a's [0,10) fired twice").filteredOn(s -> s.user().equals("a") && s.start() == 0).hasSize(2);
        Map<String, Stat> last = new LinkedHashMap<>();
        for (Stat s : firings) {
            last.put(s.user() + "|" + s.start() + "|" + s.end(), s);
        }
        List<List<Object>> expected = new ArrayList<>();
        last.values().stream().sorted((x, y) -> x.user().equals(y.user()) ? Long.compare(x.start(), y.start())
                : x.user().compareTo(y.user())).forEach(s -> expected.addAll(rowsOf(s)));
        try (Connection c = db.connect()) {
            List<List<Object>> rows = JdbcPipelines.rows(c, results, "\"userId\", window_start");
            assertThat(rows).isEqualTo(expected);
            assertThat(rows).containsExactly(
                    List.of("a", 0L, 10L, 3L, "130", "LATE", 2, 11L),
                    List.of("a", 10L, 20L, 1L, "1", "ON_TIME", 1, 20L),
                    List.of("a", 20L, 30L, 1L, "2", "ON_TIME", 1, Long.MAX_VALUE),
                    List.of("b", 0L, 10L, 1L, "5", "ON_TIME", 1, 11L));

            List<List<Object>> lateRows = JdbcPipelines.rows(c, late, "event_time");
            assertThat(lateRows).extracting(r -> r.subList(1, 7)).containsExactly(
                    List.of("a", 6L, 1006L, 20L, "[[0,10]]", "{\"user\": \"a\", \"ts\": 6, \"amount\": 1000}"),
                    List.of("b", 7L, 1007L, 20L, "[[0,10]]", "{\"user\": \"b\", \"ts\": 7, \"amount\": 7}"));
            assertThat(lateRows).extracting(r -> r.get(0)).doesNotHaveDuplicates();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void mergedSessionsLeaveNoAbsorbedRows(String kind) throws Exception {
        JdbcConnectionOptions db = db(kind);
        String results = Databases.table("sessions");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        JdbcPipelines.build(env, JdbcPipelines.SESSIONS, true, db, JdbcPipelines.smallBatches(), results, null,
                new Firings(results));
        env.execute("sessions into " + kind);

        List<Stat> firings = new ArrayList<>(FIRINGS.get(results));
        assertThat(firings).extracting(s -> s.start() + "-" + s.end()).as("the absorbed sessions were written first")
                .startsWith("0-10", "18-28");
        Stat merged = firings.stream().filter(s -> s.start() == 0 && s.end() == 28).findFirst().orElseThrow();
        assertThat(merged.replaces()).containsExactlyInAnyOrder(List.of("s", 0L, 10L), List.of("s", 18L, 28L));
        try (Connection c = db.connect()) {
            assertThat(JdbcPipelines.rows(c, results, "window_start")).extracting(r -> r.subList(0, 5)).containsExactly(
                    List.of("s", 0L, 28L, 3L, "11"),
                    List.of("s", 40L, 50L, 1L, "4"));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void aSecondRunOfTheSameInputChangesNothing(String kind) throws Exception {
        JdbcConnectionOptions db = db(kind);
        String results = Databases.table("again");
        List<List<List<Object>>> tables = new ArrayList<>();
        for (int run = 0; run < 2; run++) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            JdbcPipelines.build(env, JdbcPipelines.TUMBLING, false, db, JdbcPipelines.smallBatches(), results, null, null);
            env.execute("run " + run);
            try (Connection c = db.connect()) {
                tables.add(JdbcPipelines.rows(c, results, "\"userId\", window_start"));
            }
        }
        assertThat(tables.get(0)).hasSize(4);
        assertThat(tables.get(1)).isEqualTo(tables.get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void anExistingTableThatCannotHoldTheRowsIsAClearError(String kind) throws Exception {
        JdbcConnectionOptions db = db(kind);
        String results = Databases.table("wrong");
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"" + results + "\" (\"userId\" VARCHAR(20) NOT NULL, window_start BIGINT NOT NULL, "
                    + "window_end BIGINT NOT NULL, \"count\" VARCHAR(10), firing INTEGER, timing VARCHAR(10), watermark BIGINT)");
        }
        JdbcWriter<Stat> w = JdbcSink.<Stat>builder().table(JdbcPipelines.statTable(results)).connection(db).build().newWriter();
        assertThatThrownBy(w::open)
                .isInstanceOf(SchemaMismatchException.class)
                .hasMessageContaining("table " + results)
                .hasMessageContaining("CREATE TABLE IF NOT EXISTS")
                .satisfies(e -> assertThat(((SchemaMismatchException) e).problems()).containsExactly(
                        "column \"count\" is " + (kind.equals("postgres") ? "varchar" : "CHARACTER VARYING") + ", expected BIGINT",
                        "missing column \"sum_amount\" (" + db.dialect().typeName(SqlType.NUMERIC) + ")",
                        "rows are upserted by (userId, window_end, window_start), but the table has no primary key"));
        w.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void aKeyWrittenTwiceInOneBatchIsWrittenOnceWithItsLastValues(String kind) throws Exception {
        JdbcConnectionOptions db = db(kind);
        String results = Databases.table("batch");
        JdbcExecutionOptions tenRows = JdbcExecutionOptions.builder().withBatchSize(10).withBatchInterval(java.time.Duration.ZERO).build();
        try (JdbcWriter<Stat> w = JdbcSink.<Stat>builder().table(JdbcPipelines.statTable(results)).connection(db)
                .execution(tenRows).build().newWriter()) {
            w.open();
            for (int firing = 1; firing <= 4; firing++) {
                w.write(new Stat("u", 0, 10, firing, java.math.BigDecimal.valueOf(firing), "LATE", firing, firing, List.of()), null);
            }
            w.write(new Stat("v", 0, 10, 1, java.math.BigDecimal.ONE, "ON_TIME", 1, 1, List.of()), null);
            assertThat(w.pendingRows()).isEqualTo(2);
            w.flush();
            assertThat(w.rowsUpserted()).isEqualTo(2);
            assertThat(w.flushes()).isEqualTo(1);
        }
        try (Connection c = db.connect()) {
            assertThat(JdbcPipelines.rows(c, results, "\"userId\"")).extracting(r -> r.subList(0, 7)).containsExactly(
                    List.of("u", 0L, 10L, 4L, "4", "LATE", 4),
                    List.of("v", 0L, 10L, 1L, "1", "ON_TIME", 1));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void aNonTransientErrorFailsAtOnceWithoutRetrying(String kind) throws Exception {
        JdbcConnectionOptions db = db(kind);
        String results = Databases.table("strict");
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"" + results + "\" (\"userId\" TEXT NOT NULL, window_start BIGINT NOT NULL, "
                    + "window_end BIGINT NOT NULL, \"count\" BIGINT CHECK (\"count\" < 100), sum_amount NUMERIC, timing TEXT, "
                    + "firing INTEGER, watermark BIGINT, PRIMARY KEY (\"userId\", window_start, window_end))");
        }
        List<Long> waits = new ArrayList<>();
        try (JdbcWriter<Stat> w = new JdbcWriter<>(JdbcPipelines.statTable(results), db, JdbcPipelines.smallBatches(),
                (Sleeper) waits::add)) {
            w.open();
            w.write(new Stat("u", 0, 10, 500, java.math.BigDecimal.ONE, "ON_TIME", 1, 1, List.of()), null);
            assertThatThrownBy(w::flush).isInstanceOf(JdbcSinkException.class)
                    .hasMessageContaining("cannot write 1 rows to table " + results)
                    .hasMessageContaining("[SQL state 23");
            assertThat(waits).isEmpty();
            assertThat(w.retries()).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void theDdlNamesEveryColumnAsWritten(String kind) throws Exception {
        JdbcSink<Order> sink = JdbcSink.<Order>builder().table(JdbcPipelines.lateTable("late_orders")).connection(db(kind)).build();
        String numeric = kind.equals("postgres") ? "TEXT" : "CHARACTER VARYING";
        assertThat(sink.ddl()).isEqualTo("CREATE TABLE IF NOT EXISTS \"late_orders\" (\n"
                + "  \"record_id\" " + numeric + " NOT NULL,\n"
                + "  \"key\" " + numeric + ",\n"
                + "  \"event_time\" BIGINT,\n"
                + "  \"arrival_time\" BIGINT,\n"
                + "  \"watermark\" BIGINT,\n"
                + "  \"missed_windows\" " + numeric + ",\n"
                + "  \"record\" " + numeric + ",\n"
                + "  PRIMARY KEY (\"record_id\")\n)");
    }

    @org.junit.jupiter.api.Test
    void bufferedRowsAreWrittenOnceTheBatchIntervalHasPassed() throws Exception {
        JdbcConnectionOptions db = db("h2");
        String results = Databases.table("interval");
        JdbcExecutionOptions oneSecond = JdbcExecutionOptions.builder().withBatchSize(100)
                .withBatchInterval(java.time.Duration.ofSeconds(1)).build();
        try (JdbcWriter<Stat> w = new JdbcWriter<>(JdbcPipelines.statTable(results), db, oneSecond, Sleeper.THREAD)) {
            w.open();
            assertThat(w.flushIfDue(Long.MAX_VALUE)).as("nothing buffered").isFalse();
            w.write(new Stat("u", 0, 10, 1, java.math.BigDecimal.ONE, "ON_TIME", 1, 1, List.of()), null);
            assertThat(w.flushIfDue(0)).as("not yet due").isFalse();
            assertThat(w.pendingRows()).isEqualTo(1);
            assertThat(w.flushIfDue(Long.MAX_VALUE)).isTrue();
            assertThat(w.pendingRows()).isZero();
            assertThat(w.rowsUpserted()).isEqualTo(1);
        }
    }
}
