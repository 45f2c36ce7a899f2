package io.tidemark.cli.output;

import io.tidemark.cli.data.OutputRecord;

import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.OutputType;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.config.Types;
import io.tidemark.cli.spi.Output;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import io.tidemark.connector.jdbc.JdbcConnectionOptions;
import io.tidemark.connector.jdbc.JdbcDialect;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code type: jdbc}: a database table whose rows are upserted by key (module {@code tidemark-jdbc}):
 * window results by (key fields, window_start, window_end), late records by their input line, dead
 * letters by file and line. Without a {@code url}: the embedded default, an H2 database file
 * {@code tidemark.mv.db} beside the job file. See docs/databases.md.
 */
public final class JdbcOutputType implements OutputType {

    /** The embedded default's file (H2 adds {@code .mv.db}), in the job file's folder. */
    public static final String DEFAULT_DATABASE = "tidemark";

    private static final Pattern ENV = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    static Key<String> url(String output) {
        return Key.of(output + ".url", Types.text())
                .absent("the embedded default: an H2 database file `" + DEFAULT_DATABASE + ".mv.db` beside the job file")
                .doc("The database: `jdbc:postgresql://HOST:PORT/DATABASE` (production) or `jdbc:h2:PATH` (a file; add "
                        + "`;DATABASE_TO_LOWER=TRUE` so that unquoted names work as in PostgreSQL; H2 is written with "
                        + "`WRITE_DELAY=0`, added when absent, so that committed rows survive a kill: another write delay is "
                        + "refused). See docs/databases.md.");
    }

    static Key<String> user(String output) {
        return Key.of(output + ".user", Types.text()).absent("none").doc("The database user.");
    }

    static Key<String> password(String output) {
        return Key.of(output + ".password", Types.text()).absent("none")
                .doc("The user's password; `${NAME}` reads it from environment variable NAME (keeps it out of the job file).");
    }

    static Key<String> table(String output) {
        return Key.of(output + ".table", Types.text()).required("the table to write")
                .doc("The table (`schema.table` for another schema). Created when absent (`validate` prints its "
                        + "`CREATE TABLE`); an existing table must have the columns and key the rows need.");
    }

    /** The embedded default's URL for a job file in {@code jobDir}. */
    public static String defaultUrl(Path jobDir) {
        return "jdbc:h2:" + jobDir.toAbsolutePath().normalize().resolve(DEFAULT_DATABASE) + ";DATABASE_TO_LOWER=TRUE;WRITE_DELAY=0";
    }

    @Override
    public String name() {
        return "jdbc";
    }

    @Override
    public String doc() {
        return "a database table (PostgreSQL, or H2 embedded), rows upserted by key.";
    }

    @Override
    public List<Key<?>> keys(String output) {
        return List.of(url(output), user(output), password(output), table(output));
    }

    @Override
    public OutputSpec spec(Settings s, String output, Path jobDir) {
        String url = s.get(url(output));
        if (url == null) {
            url = defaultUrl(jobDir);
        }
        String problem;
        try {
            problem = JdbcDialect.forUrl(url).durabilityProblem(url);
        } catch (IllegalArgumentException e) {
            throw new io.tidemark.cli.config.ConfigException(output + ".url", e.getMessage());
        }
        if (problem != null) {
            throw new io.tidemark.cli.config.ConfigException(output + ".url", problem);
        }
        return new Spec(output, new JdbcConnectionOptions(url, s.get(user(output)), password(s.get(password(output)), output)),
                s.get(table(output)));
    }

    private static String password(String value, String output) {
        if (value == null) {
            return null;
        }
        Matcher m = ENV.matcher(value);
        if (!m.matches()) {
            return value;
        }
        String v = System.getenv(m.group(1));
        if (v == null) {
            throw new io.tidemark.cli.config.ConfigException(output + ".password", "environment variable " + m.group(1)
                    + " is not set");
        }
        return v;
    }

    /** The checked settings of one jdbc output. */
    public record Spec(String output, JdbcConnectionOptions connection, String table) implements OutputSpec {

        @Override
        public String type() {
            return "jdbc";
        }

        @Override
        public String describe() {
            return "jdbc table " + table + " at " + connection.url();
        }

        @Override
        public String schema(OutputContext context) {
            return JdbcTables.of(table, context, storesNul()).ddl(connection.dialect());
        }

        @Override
        public boolean storesNul() {
            return connection.dialect().storesNul();
        }

        @Override
        public Output open(OutputContext context) {
            return new JdbcOutput(this, JdbcTables.of(table, context, storesNul()));
        }

        /**
         * From the cluster: a {@link io.tidemark.connector.jdbc.JdbcSink} in each subtask, upserting by the
         * table's key (rows flushed at each checkpoint): a job restored from a checkpoint writes its rows
         * again onto the same keys, so the table ends as one delivery would leave it.
         */
        @Override
        public boolean sinkOnCluster(io.tidemark.streaming.api.datastream.DataStream<OutputRecord> records, OutputContext context) {
            records.addSink(io.tidemark.connector.jdbc.JdbcSink.<OutputRecord>builder()
                    .table(JdbcTables.of(table, context, storesNul())).connection(connection).build())
                    .name(context.role().key()).uid(context.role().key());
            return true;
        }

        /** With checkpoints: each link's rows of a checkpoint upserted in one transaction when it completes ({@link StagedTable}). */
        @Override
        public io.tidemark.cli.spi.StagedOutput staged(OutputContext context, java.nio.file.Path dir, boolean fresh)
                throws java.io.IOException {
            return new StagedTable(this, new JdbcOutput(this, JdbcTables.of(table, context, storesNul())), dir, fresh);
        }
    }
}
