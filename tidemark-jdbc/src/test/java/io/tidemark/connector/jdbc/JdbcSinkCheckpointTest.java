package io.tidemark.connector.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.operators.StreamSink;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDBC sink with the embedded engine's checkpoints, on PostgreSQL and H2: what it buffered is in
 * the table when a checkpoint is taken, and a job restored from that checkpoint, replaying what came
 * after it, leaves one row per key — the rows of one fault-free delivery.
 */
class JdbcSinkCheckpointTest {

    @TempDir
    static Path h2Folder;

    static JdbcPipelines.Stat stat(String user, long start, long count) {
        return new JdbcPipelines.Stat(user, start, start + 10, count, BigDecimal.valueOf(count * 10), "ON_TIME", 0, start + 9,
                List.of());
    }

    static OneInputOperatorTestHarness<JdbcPipelines.Stat, Void> harness(JdbcConnectionOptions db, String table) {
        // batches larger than the test writes, no interval: only checkpoints and the end write rows
        JdbcExecutionOptions execution = JdbcExecutionOptions.builder().withBatchSize(1000).withBatchInterval(Duration.ZERO).build();
        return new OneInputOperatorTestHarness<>(new StreamSink<>(JdbcSink.<JdbcPipelines.Stat>builder()
                .table(JdbcPipelines.statTable(table)).connection(db).execution(execution).build()));
    }

    static List<List<Object>> rows(JdbcConnectionOptions db, String table) throws Exception {
        try (Connection c = db.connect()) {
            return JdbcPipelines.rows(c, table, "\"userId\", window_start").stream().map(r -> r.subList(0, 4)).toList();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "h2"})
    void aCheckpointWritesWhatIsBufferedAndAReplayAfterARestoreLeavesOneRowPerWindow(String kind) throws Exception {
        JdbcConnectionOptions db = kind.equals("postgres") ? Databases.postgres() : Databases.h2(h2Folder);
        String table = Databases.table("cp_stats");
        OneInputOperatorTestHarness<JdbcPipelines.Stat, Void> h = harness(db, table);
        h.open();
        h.processElement(stat("a", 0, 1));
        h.processElement(stat("b", 0, 2));
        assertThat(rows(db, table)).isEmpty();
        StateSnapshot s = h.snapshot(1);
        assertThat(rows(db, table)).containsExactly(List.of("a", 0L, 10L, 1L), List.of("b", 0L, 10L, 2L));
        h.processElement(stat("a", 10, 3)); // written after the checkpoint: the crash loses it, the replay writes it
        // crash: the process dies without flushing

        OneInputOperatorTestHarness<JdbcPipelines.Stat, Void> r = harness(db, table);
        r.setup().initializeState(s, 1).open();
        r.processElement(stat("a", 10, 3));
        r.processElement(stat("b", 0, 2)); // a result written before the checkpoint, written again
        r.endInput();
        r.close();
        assertThat(rows(db, table)).containsExactly(List.of("a", 0L, 10L, 1L), List.of("a", 10L, 20L, 3L),
                List.of("b", 0L, 10L, 2L));
    }
}
