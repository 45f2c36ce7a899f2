package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code tidemark ARGS} in-process on its own thread, standard error kept, once it printed its monitor's address. */
final class MonitoredRun {

    static final Pattern MONITOR = Pattern.compile("monitor: (http://127\\.0\\.0\\.1:\\d+/)");

    private final Thread thread;
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private final AtomicInteger exit = new AtomicInteger(-1);
    /** The monitor's base address, ending in {@code /}. */
    final String url;

    MonitoredRun(String... args) throws InterruptedException {
        thread = new Thread(() -> {
            try (PrintStream o = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
                    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                exit.set(Main.execute(args, o, e));
            }
        });
        thread.start();
        String[] found = new String[1];
        assertThat(ChildCli.await(Duration.ofSeconds(30), () -> {
            Matcher m = MONITOR.matcher(err());
            return m.find() && (found[0] = m.group(1)) != null;
        })).as("the monitor's address on stderr: " + err()).isTrue();
        url = found[0];
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Waits for the command to end (its input closed); returns its exit code. */
    int exitCode() throws InterruptedException {
        thread.join(60_000);
        return exit.get();
    }
}
