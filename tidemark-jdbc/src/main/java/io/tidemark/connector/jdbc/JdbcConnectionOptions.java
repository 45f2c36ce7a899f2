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
     * A new connection (the driver is found by {@link DriverManager} from the URL, else among the drivers
     * this class's loader sees), made with the dialect's {@link JdbcDialect#connectionUrl}: what a
     * committed checkpoint needs to survive a kill. The second place matters on a Flink TaskManager, which
     * loads each job's jars in a class loader of its own: {@link DriverManager} hands out only drivers of
     * its caller's loader, and registers a job's driver only when that job first loads its class.
     */
    public Connection connect() throws SQLException {
        String u = dialect().connectionUrl(url);
        try {
            return DriverManager.getConnection(u, user, password);
        } catch (SQLException notFound) {
            java.util.Properties p = new java.util.Properties();
            if (user != null) {
                p.setProperty("user", user);
            }
            if (password != null) {
                p.setProperty("password", password);
            }
            for (java.sql.Driver d : java.util.ServiceLoader.load(java.sql.Driver.class, JdbcConnectionOptions.class.getClassLoader())) {
                if (d.acceptsURL(u)) {
                    Connection c = d.connect(u, p);
                    if (c != null) {
                        return c;
                    }
                }
            }
            throw notFound;
        }
    }

    /** The URL without its parameters' values that could hold secrets (for messages). */
    @Override
    public String toString() {
        return url + (user == null ? "" : " as " + user);
    }
}
