package io.tidemark.connector.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The statements, the error classification and the backoff, without a database. */
class JdbcDialectTest {

    static final JdbcTable<JdbcPipelines.Stat> TABLE = JdbcPipelines.statTable("order_stats");

    @Test
    void theUrlChoosesTheDialectAndAnotherDatabaseIsRefusedByName() {
        assertThat(JdbcDialect.forUrl("jdbc:postgresql://db:5432/shop")).isInstanceOf(PostgresDialect.class);
        assertThat(JdbcDialect.forUrl("JDBC:H2:./out/results")).isInstanceOf(H2Dialect.class);
        assertThatThrownBy(() -> JdbcDialect.forUrl("jdbc:mysql://db/shop"))
                .hasMessage("unsupported database URL 'jdbc:mysql://db/shop': Tidemark writes to PostgreSQL "
                        + "(jdbc:postgresql://HOST:PORT/DATABASE) and H2 (jdbc:h2:PATH)");
    }

    @Test
    void upsertsByTheKeyOverwriteEveryOtherColumn() {
        assertThat(JdbcDialect.forUrl("jdbc:postgresql://x/y").upsert(TABLE)).isEqualTo(
                "INSERT INTO \"order_stats\" (\"userId\", \"window_start\", \"window_end\", \"count\", \"sum_amount\", "
                        + "\"timing\", \"firing\", \"watermark\") VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
                        + "ON CONFLICT (\"userId\", \"window_start\", \"window_end\") DO UPDATE SET "
                        + "\"count\" = EXCLUDED.\"count\", \"sum_amount\" = EXCLUDED.\"sum_amount\", "
                        + "\"timing\" = EXCLUDED.\"timing\", \"firing\" = EXCLUDED.\"firing\", "
                        + "\"watermark\" = EXCLUDED.\"watermark\"");
        assertThat(JdbcDialect.forUrl("jdbc:h2:mem:x").upsert(TABLE)).isEqualTo(
                "MERGE INTO \"order_stats\" (\"userId\", \"window_start\", \"window_end\", \"count\", \"sum_amount\", "
                        + "\"timing\", \"firing\", \"watermark\") KEY (\"userId\", \"window_start\", \"window_end\") "
                        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
        assertThat(JdbcDialect.forUrl("jdbc:h2:mem:x").delete(TABLE)).isEqualTo(
                "DELETE FROM \"order_stats\" WHERE \"userId\" = ? AND \"window_start\" = ? AND \"window_end\" = ?");
    }

    @Test
    void aSchemaQualifiedNameAndQuotesInNamesAreQuotedPartByPart() {
        JdbcTable<String> t = JdbcTable.<String>builder("analytics.we\"ird").key("k", SqlType.TEXT, s -> s).build();
        assertThat(JdbcDialect.forUrl("jdbc:postgresql://x/y").tableName(t)).isEqualTo("\"analytics\".\"we\"\"ird\"");
    }

    @Test
    void connectionLossShutdownsDeadlocksAndSerializationFailuresAreTransient() {
        JdbcDialect pg = JdbcDialect.forUrl("jdbc:postgresql://x/y");
        assertThat(pg.isTransient(new SQLException("connection refused", "08001"))).isTrue();
        assertThat(pg.isTransient(new SQLException("terminating connection due to administrator command", "57P01"))).isTrue();
        assertThat(pg.isTransient(new SQLException("the database system is starting up", "57P03"))).isTrue();
        assertThat(pg.isTransient(new SQLException("could not serialize access", "40001"))).isTrue();
        assertThat(pg.isTransient(new SQLException("deadlock detected", "40P01"))).isTrue();
        assertThat(pg.isTransient(new SQLException("too many connections", "53300"))).isTrue();
        assertThat(pg.isTransient(new SQLRecoverableException("gone"))).isTrue();
        assertThat(pg.isTransient(new SQLException("batch failed", "XX000", new IOException("broken pipe")))).isTrue();
        SQLException batch = new SQLException("Batch entry 0 was aborted", "XX000");
        batch.setNextException(new SQLException("I/O error", "08006"));
        assertThat(pg.isTransient(batch)).as("the chained exception decides").isTrue();

        assertThat(pg.isTransient(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(pg.isTransient(new SQLException("value too long", "22001"))).isFalse();
        assertThat(pg.isTransient(new SQLException("relation does not exist", "42P01"))).isFalse();

        JdbcDialect h2 = JdbcDialect.forUrl("jdbc:h2:mem:x");
        assertThat(h2.isTransient(new SQLException("Timeout trying to lock table", "HYT00", 50200))).isTrue();
        assertThat(h2.isTransient(new SQLException("Check constraint violation", "23513", 23513))).isFalse();
    }

    @Test
    void theBackoffDoublesUpToItsMaximum() {
        JdbcExecutionOptions o = JdbcExecutionOptions.builder().withBackoff(Duration.ofMillis(100), Duration.ofSeconds(1)).build();
        List<Long> waits = new ArrayList<>();
        for (int attempt = 1; attempt <= 6; attempt++) {
            waits.add(o.backoffMillis(attempt));
        }
        assertThat(waits).containsExactly(100L, 200L, 400L, 800L, 1000L, 1000L);
        long total = 0;
        JdbcExecutionOptions d = JdbcExecutionOptions.defaults();
        for (int attempt = 1; attempt <= d.maxRetries(); attempt++) {
            total += d.backoffMillis(attempt);
        }
        assertThat(total).as("the documented worst case of the defaults").isEqualTo(22_700L);
    }

    @Test
    void aTableNeedsAKeyAndDistinctColumns() {
        assertThatThrownBy(() -> JdbcTable.<String>builder("t").column("a", SqlType.TEXT, s -> s).build())
                .hasMessageContaining("needs at least one key column");
        assertThatThrownBy(() -> JdbcTable.<String>builder("t").key("a", SqlType.TEXT, s -> s).column("a", SqlType.TEXT, s -> s))
                .hasMessageContaining("column a is defined twice");
    }
}
