package io.tidemark.cli;

import io.tidemark.cli.job.RunControl;
import java.io.PrintStream;
import sun.misc.Signal;

/**
 * SIGINT (Ctrl-C) and SIGTERM: the first stops the run in progress — the source stops reading, windows
 * still open are not written (with {@code --drain}: written, marked DRAINED), outputs end in complete
 * lines, the summary is printed, and the command exits with
 * 128 + the signal's number (130, 143). A second signal, or one when no run is in progress, exits at
 * once with that code: outputs end at the last complete line written; no summary.
 */
final class Signals {

    private Signals() {}

    static void install(RunControl control, PrintStream err) {
        handle("INT", 2, control, err);
        handle("TERM", 15, control, err);
    }

    private static void handle(String name, int number, RunControl control, PrintStream err) {
        int[] seen = {0};
        try {
            Signal.handle(new Signal(name), s -> {
                int code = 128 + number;
                boolean first;
                synchronized (seen) {
                    first = seen[0]++ == 0;
                }
                if (first && control.stop("SIG" + name, code)) {
                    err.println("\ntidemark: SIG" + name + ": stopping: " + control.howItStops() + " (a second signal exits at once)");
                    return;
                }
                err.println("\ntidemark: SIG" + name + ": exiting now; the outputs end at their last complete line");
                err.flush();
                Runtime.getRuntime().halt(code);
            });
        } catch (IllegalArgumentException e) {
            // the signal is not available here (another JVM, or reserved): its default action stays
        }
    }
}
