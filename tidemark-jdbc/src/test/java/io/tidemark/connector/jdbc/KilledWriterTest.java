package io.tidemark.connector.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.jdbc.JdbcPipelines.Stat;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a checkpoint's flush committed survives the writer's process being killed with SIGKILL: a job
 * restored from that checkpoint does not write those rows again, so they must be on disk. An embedded
 * H2 database lives in the killed process and writes committed changes to its file in the background
 * (up to its write delay later, 500 ms by default); {@link JdbcWriter#flushDurably} makes them durable
 * before it returns.
 */
class KilledWriterTest {

    static final int ROWS = 300;

    /** The child: writes {@code ROWS} rows, flushes them durably, says so, and waits to be killed. */
    public static void main(String[] args) throws Exception {
        JdbcConnectionOptions db = JdbcConnectionOptions.of(args[0]);
        JdbcWriter<Stat> w = new JdbcWriter<>(JdbcPipelines.statTable("killed"), db, JdbcPipelines.smallBatches(), Sleeper.THREAD);
        w.open();
        for (int i = 0; i < ROWS; i++) {
            w.write(new Stat("u" + i, 0, 10, i, BigDecimal.ONE, "ON_TIME", 1, 9, List.of()), null);
        }
        w.flushDurably();
        System.out.println("flushed");
        System.out.flush();
        while (true) {
            java.util.concurrent.locks.LockSupport.park(); // until the test kills this process
        }
    }

    @Test
    void rowsFlushedDurablySurviveAKillNine(@TempDir Path dir) throws Exception {
        JdbcConnectionOptions db = Databases.h2(dir);
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath,
                KilledWriterTest.class.getName(), db.url()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).as("the child's report").isEqualTo("flushed");
        } finally {
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        try (Connection c = db.connect()) {
            assertThat(JdbcPipelines.rows(c, "killed", "\"userId\"")).hasSize(ROWS);
        }
    }

    /**
     * A user's H2 URL without {@code WRITE_DELAY} (as docs/databases.md shows one) is written with
     * {@code WRITE_DELAY=0}: H2's default delay of 500 ms let kill -9 campaigns lose a completed
     * checkpoint's rows. A URL that asks for another delay is named as a problem; one in memory is left alone.
     */
    @Test
    void anH2UrlWithoutAWriteDelayIsWrittenWithNone(@TempDir Path dir) throws Exception {
        JdbcConnectionOptions db = Databases.h2(dir);
        assertThat(db.url()).doesNotContainIgnoringCase("WRITE_DELAY");
        try (Connection c = db.connect(); java.sql.Statement s = c.createStatement();
                java.sql.ResultSet rs = s.executeQuery("SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS "
                        + "WHERE SETTING_NAME = 'WRITE_DELAY'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("0");
        }
        JdbcDialect h2 = db.dialect();
        assertThat(h2.durabilityProblem(db.url())).isNull();
        assertThat(h2.durabilityProblem(db.url() + ";write_delay=0")).isNull();
        assertThat(h2.durabilityProblem(db.url() + ";WRITE_DELAY=500")).startsWith("WRITE_DELAY=500 lets H2 lose rows");
        assertThat(h2.connectionUrl("jdbc:h2:mem:x")).isEqualTo("jdbc:h2:mem:x");
        assertThat(JdbcDialect.forUrl("jdbc:postgresql://db/x").durabilityProblem("jdbc:postgresql://db/x")).isNull();
    }
}
