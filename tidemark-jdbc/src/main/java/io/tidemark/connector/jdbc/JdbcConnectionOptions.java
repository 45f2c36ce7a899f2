package io.tidemark.connector.jdbc;

import java.io.Serializable;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Objects;

/**
 * Where the sink connects: a JDBC URL ({@code jdbc:postgresql://host:5432/db}, {@code jdbc:h2:./out/results}),
 * and a user and password (either may be null). The dialect follows from the URL ({@link JdbcDialect#forUrl}).
 */
public final class JdbcConnectionOptions implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String url;
    private final String user;
    private final String password;

    public JdbcConnectionOptions(String url, String user, String password) {
        this.url = Objects.requireNonNull(url, "url");
        this.user = user;
        this.password = password;
    }

    public static JdbcConnectionOptions of(String url) {
        return new JdbcConnectionOptions(url, null, null);
    }

    public String url() {
        return url;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    /** The dialect of {@link #url()}. */
    public JdbcDialect dialect() {
        return JdbcDialect.forUrl(url);
    }

    /**
     * A new connection (the driver is found by {@link DriverManager} from the URL), made with the
     * dialect's {@link JdbcDialect#connectionUrl}: what a committed checkpoint needs to survive a kill.
     */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(dialect().connectionUrl(url), user, password);
    }

    /** The URL without its parameters' values that could hold secrets (for messages). */
    @Override
    public String toString() {
        return url + (user == null ? "" : " as " + user);
    }
}
