package io.tidemark.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * The command in a child JVM (the test's class path), for what only a real process shows: signals,
 * standard out closed by its reader, the JVM running out of memory. Waits are bounded polls on what
 * the child writes, never sleeps for the engine.
 */
final class ChildCli {

    private ChildCli() {}

    /** Starts {@code tidemark ARGS} with {@code jvmOptions}; standard err goes to {@code err}. */
    static Process start(Path err, List<String> jvmOptions, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    }

    /** Polls {@code condition} every 20 ms for at most {@code timeout}; false if it never held. */
    static boolean await(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(20);
        }
        return condition.getAsBoolean();
    }

    /** The file's lines (none if it does not exist yet). */
    static List<String> lines(Path p) {
        try {
            return Files.exists(p) ? Files.readAllLines(p, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Whether the file is empty or ends with a line break: it holds complete lines only. */
    static boolean completeLines(Path p) throws IOException {
        byte[] b = Files.readAllBytes(p);
        return b.length == 0 || b[b.length - 1] == '\n';
    }

    /** The number of the newest checkpoint directory ({@code chk-N}) in {@code dir}, complete or not; 0 if none. */
    static long latestCheckpoint(Path dir) {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.matches("chk-\\d+"))
                    .mapToLong(n -> Long.parseLong(n.substring(4))).max().orElse(0);
        } catch (IOException e) {
            return 0; // not made yet
        }
    }
}
