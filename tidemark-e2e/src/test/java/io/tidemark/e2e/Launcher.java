package io.tidemark.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code ./tidemark ARGS} — the launcher at the repository root, as a user types it — in a child
 * process, from the repository root. The class path is the one the launcher builds: each module's
 * {@code target/classes} and {@code target/lib/*}, made by the package phase of {@code mvn verify} (the
 * same {@code copy-dependencies} execution the launcher's own build runs). {@code TIDEMARK_NO_BUILD=1}
 * keeps the launcher from calling Maven inside Maven's build: it runs what was just packaged.
 */
final class Launcher {

    /** A finished run: its exit code, standard out and standard err. */
    record Result(int exitCode, String out, String err) {

        /** Asserts the exit code, showing both streams when it differs. */
        Result exits(int expected) {
            assertThat(exitCode).as("exit code of ./tidemark; stderr:\n" + err + "\nstdout:\n" + out).isEqualTo(expected);
            return this;
        }
    }

    /** The repository root (failsafe's {@code tidemark.root}; else the current directory's parent). */
    static final Path ROOT = Path.of(System.getProperty("tidemark.root", "..")).toAbsolutePath().normalize();

    private Launcher() {}

    /** {@code ./tidemark args} with at most {@code timeout} to end; {@code dir} holds its captured streams. */
    static Result run(Path dir, Duration timeout, String... args) throws IOException, InterruptedException {
        return run(dir, timeout, List.of(), args);
    }

    /** As {@link #run(Path, Duration, String...)}, with {@code env} ({@code NAME=VALUE}) added to the environment. */
    static Result run(Path dir, Duration timeout, List<String> env, String... args) throws IOException, InterruptedException {
        Process p = start(dir, env, args);
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor();
            throw new AssertionError("./tidemark " + String.join(" ", args) + " did not end within " + timeout + "; stderr:\n"
                    + Files.readString(err(dir)) + "\nstdout:\n" + Files.readString(out(dir)));
        }
        return new Result(p.exitValue(), Files.readString(out(dir), StandardCharsets.UTF_8), Files.readString(err(dir), StandardCharsets.UTF_8));
    }

    /** Starts {@code ./tidemark args}; standard out and err go to files in {@code dir}, standard in is empty. */
    static Process start(Path dir, List<String> env, String... args) throws IOException {
        Files.createDirectories(dir);
        List<String> cmd = new ArrayList<>();
        cmd.add(ROOT.resolve("tidemark").toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile())
                .redirectOutput(out(dir).toFile()).redirectError(err(dir).toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        pb.environment().put("TIDEMARK_NO_BUILD", "1");
        pb.environment().remove("TIDEMARK_JAVA_OPTS");
        for (String e : env) {
            int eq = e.indexOf('=');
            pb.environment().put(e.substring(0, eq), e.substring(eq + 1));
        }
        return pb.start();
    }

    /** Deletes {@code dir} and everything in it (a test's own folder outside JUnit's temporary ones). */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    static Path out(Path dir) {
        return dir.resolve("stdout.txt");
    }

    static Path err(Path dir) {
        return dir.resolve("stderr.txt");
    }

    /** The summary's counting rows (lines read, window results, late records, dead letters) and its accounting line. */
    static List<String> summaryCounts(String out) {
        return out.lines().filter(l -> l.matches("  (lines read|window results|late records|dead letters|accounted) .*")).toList();
    }
}
