package io.tidemark.connector.jdbc;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** The databases the sink is tested on: the shared PostgreSQL server, and H2 files in a folder. */
public final class Databases {

    private static final AtomicInteger TABLES = new AtomicInteger();

    private Databases() {}

    public static JdbcConnectionOptions postgres() throws Exception {
        return PostgresServer.shared().options();
    }

    public static JdbcConnectionOptions h2(Path folder) {
        return JdbcConnectionOptions.of("jdbc:h2:" + folder.resolve("results").toAbsolutePath() + ";DATABASE_TO_LOWER=TRUE");
    }

    /** A table name no other test of this JVM uses. */
    public static String table(String prefix) {
        return prefix + "_" + TABLES.incrementAndGet();
    }
}
