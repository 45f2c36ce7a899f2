package io.tidemark.connector.jdbc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server for tests, started from the server binaries installed on the machine
 * (Debian's {@code postgresql-15}: {@code /usr/lib/postgresql/15/bin}; or {@code $TIDEMARK_PG_BIN}):
 * {@code initdb} into a new folder under the temporary directory, then {@code pg_ctl start} on a free
 * port bound to 127.0.0.1 only, with trust authentication for user {@code postgres}.
 *
 * <p>PostgreSQL refuses to run as root. When the tests run as root (CI here), the folder is given to
 * the {@code postgres} system user (which the Debian package creates) and every server command runs
 * as that user through {@code runuser}; otherwise they run as the current user.
 *
 * <p>Durability settings are for speed only where a test cannot tell: {@code fsync=off} (a killed
 * server keeps what it committed in the OS's cache; only a machine crash would lose it), everything
 * else default. One {@link #shared()} server serves a whole test JVM; {@link #start()} makes a private
 * one (for a test that stops it).
 */
public final class PostgresServer implements AutoCloseable {

    private static PostgresServer shared;

    private final Path bin;
    private final Path data;
    private final int port;
    private final boolean asPostgresUser;
    private boolean running;

    private PostgresServer(Path bin, Path data, int port, boolean asPostgresUser) {
        this.bin = bin;
        this.data = data;
        this.port = port;
        this.asPostgresUser = asPostgresUser;
    }

    /** One server for every test of this JVM, started on first use and stopped when the JVM exits. */
    public static synchronized PostgresServer shared() throws IOException, InterruptedException {
        if (shared == null) {
            PostgresServer s = start();
            Runtime.getRuntime().addShutdownHook(new Thread(s::close, "stop PostgreSQL"));
            shared = s;
        }
        return shared;
    }

    /** A new server of its own (initdb, start); {@link #close()} stops it and deletes its files. */
    public static PostgresServer start() throws IOException, InterruptedException {
        Path bin = binaries();
        boolean root = isRoot();
        Path data = Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), "tidemark-pg-");
        if (root) {
            UserPrincipal postgres;
            try {
                postgres = data.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            } catch (IOException e) {
                throw new IOException("the tests run as root, and PostgreSQL refuses to run as root; they run it as the "
                        + "'postgres' system user, which does not exist here (the Debian package postgresql-15 creates it)", e);
            }
            Files.setOwner(data, postgres);
        }
        PostgresServer s = new PostgresServer(bin, data, freePort(), root);
        s.run(60, "initdb", "-D", data.toString(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-locale", "--no-sync");
        s.startServer();
        return s;
    }

    /** The JDBC URL of database {@code postgres}. */
    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    public String user() {
        return "postgres";
    }

    public JdbcConnectionOptions options() {
        return new JdbcConnectionOptions(url(), user(), null);
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(url(), user(), null);
    }

    public int port() {
        return port;
    }

    /** Starts the stopped server again (same files, same port); returns once it accepts connections. */
    public synchronized void startServer() throws IOException, InterruptedException {
        run(60, "pg_ctl", "-D", data.toString(), "-l", data.resolve("server.log").toString(), "-w", "-t", "60", "-o",
                "-p " + port + " -k " + data + " -c listen_addresses=127.0.0.1 -c fsync=off", "start");
        running = true;
    }

    /** Stops the server at once, as a crash would (connections are cut; committed work survives). */
    public synchronized void kill() throws IOException, InterruptedException {
        run(60, "pg_ctl", "-D", data.toString(), "-w", "-m", "immediate", "stop");
        running = false;
    }

    /** Stops the server (if running) and deletes its files. */
    @Override
    public synchronized void close() {
        try {
            if (running) {
                kill();
            }
        } catch (IOException | InterruptedException e) {
            System.err.println("could not stop PostgreSQL at " + data + ": " + e.getMessage());
        }
        try (Stream<Path> files = Files.walk(data)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder
        }
    }

    private void run(int timeoutSeconds, String tool, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        if (asPostgresUser) {
            cmd.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        cmd.add(bin.resolve(tool).toString());
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C");
        pb.directory(data.toFile());
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes(); // pg_ctl -w returns when the server is ready
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(tool + " did not finish in " + timeoutSeconds + " s");
        }
        if (p.exitValue() != 0) {
            String log = "";
            Path serverLog = data.resolve("server.log");
            if (Files.exists(serverLog)) {
                log = "\nserver log:\n" + Files.readString(serverLog, StandardCharsets.UTF_8);
            }
            throw new IOException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "):\n"
                    + new String(out, StandardCharsets.UTF_8) + log);
        }
    }

    /** {@code $TIDEMARK_PG_BIN}, or the newest {@code /usr/lib/postgresql/N/bin} with initdb. */
    static Path binaries() throws IOException {
        String env = System.getenv("TIDEMARK_PG_BIN");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        Path root = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(root)) {
            try (Stream<Path> versions = Files.list(root)) {
                Path best = versions.map(v -> v.resolve("bin")).filter(b -> Files.isExecutable(b.resolve("initdb")))
                        .max(Comparator.comparingInt(PostgresServer::version)).orElse(null);
                if (best != null) {
                    return best;
                }
            }
        }
        throw new IOException("PostgreSQL server binaries not found (no /usr/lib/postgresql/*/bin/initdb): the JDBC tests "
                + "start a real server. Install it (Debian: apt-get install -y postgresql-15; .ci/run does) or set "
                + "TIDEMARK_PG_BIN to the folder holding initdb and pg_ctl");
    }

    private static int version(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean isRoot() throws IOException {
        return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public String toString() {
        return "PostgreSQL at " + url() + " (" + data + ")";
    }
}
