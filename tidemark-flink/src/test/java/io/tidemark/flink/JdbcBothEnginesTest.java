package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.jdbc.Databases;
import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcPipelines;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The JDBC sink on both engines (on Flink as a Flink {@code Sink}) writes the same tables, on a real
 * PostgreSQL server: results upserted by window (late re-firings), merged sessions' absorbed rows
 * deleted, the late store.
 */
class JdbcBothEnginesTest {

    /** Runs the pipeline on each engine into its own tables; returns {results, late} rows of each. */
    private static List<List<List<List<Object>>>> run(List<JdbcPipelines.Order> input, boolean sessions) throws Exception {
        JdbcConnectionOptions db = Databases.postgres();
        String[] results = {Databases.table("tidemark_results"), Databases.table("flink_results")};
        String[] late = {Databases.table("tidemark_late"), Databases.table("flink_late")};
        for (int engine = 0; engine < 2; engine++) {
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            JdbcPipelines.build(env, input, sessions, db, JdbcPipelines.smallBatches(), results[engine], late[engine], null);
            if (engine == 0) {
                env.execute("tidemark");
            } else {
                FlinkRunner.execute(env, "flink", SharedMiniCluster.options());
            }
        }
        try (Connection c = db.connect()) {
            return List.of(
                    List.of(JdbcPipelines.rows(c, results[0], "\"userId\", window_start"),
                            JdbcPipelines.rows(c, late[0], "event_time")),
                    List.of(JdbcPipelines.rows(c, results[1], "\"userId\", window_start"),
                            JdbcPipelines.rows(c, late[1], "event_time")));
        }
    }

    @Test
    void lateReFiringsAndTheLateStoreGiveTheSameTablesOnBothEngines() throws Exception {
        List<List<List<List<Object>>>> tables = run(JdbcPipelines.TUMBLING, false);
        List<List<List<Object>>> tidemark = tables.get(0);
        List<List<List<Object>>> flink = tables.get(1);
        assertThat(tidemark.get(0)).hasSize(4).anySatisfy(r -> assertThat(r.subList(3, 7)).isEqualTo(List.of(3L, "130", "LATE", 2)));
        assertThat(tidemark.get(1)).hasSize(2);
        assertThat(flink).isEqualTo(tidemark);
    }

    @Test
    void mergedSessionsLeaveTheSameRowsOnBothEngines() throws Exception {
        List<List<List<List<Object>>>> tables = run(JdbcPipelines.SESSIONS, true);
        assertThat(tables.get(0).get(0)).extracting(r -> r.subList(0, 4))
                .containsExactly(List.of("s", 0L, 28L, 3L), List.of("s", 40L, 50L, 1L));
        assertThat(tables.get(1)).isEqualTo(tables.get(0));
    }
}
