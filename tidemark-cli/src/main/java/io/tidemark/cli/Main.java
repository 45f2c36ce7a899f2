package io.tidemark.cli;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.job.EngineUnavailableException;
import io.tidemark.cli.job.JobRunner;
import io.tidemark.cli.job.RunControl;
import io.tidemark.cli.job.RunFailedException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tidemark} command: runs declarative job files (YAML) on the embedded engine or on Flink.
 * Exit codes (docs/job-file.md): 0 done; 1 the run failed (its outputs put back as they were); 2 a usage
 * or job-file error, before anything is read or written; 3 done, but more dead letters than
 * {@code dead-letter-limit}; 4 a JVM error (out of memory, …) stopped the run; 130 / 143 stopped by
 * SIGINT / SIGTERM (with the summary).
 */
@Command(name = "tidemark", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Runs event-time stream jobs described in YAML job files.",
            "It runs them on the embedded engine, or with run --engine flink on Apache Flink.",
            "Start with: tidemark demo"},
        footer = {"", "Exit codes:", "  0  done", "  1  the run failed (its outputs put back as they were)",
            "  2  a usage or job-file error (nothing read or written)",
            "  3  done, with more dead letters than dead-letter-limit",
            "  4  a JVM error (out of memory) stopped the run",
            "  130, 143  stopped by SIGINT or SIGTERM (with the summary)",
            "Job file reference: docs/job-file.md"})
public final class Main implements java.util.concurrent.Callable<Integer> {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;
    public static final int DEAD_LETTERS = 3;
    public static final int FATAL = 4;

    /** Where a command writes, whether it may draw progress bars, and the hold on its run for signals. */
    public record Io(PrintStream out, PrintStream err, boolean terminal, RunControl control) {}

    private final Io io;

    Main(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        io.err().println("tidemark: a command is required: demo, run, validate, explain, generate, backfill, reconcile, kafka-demo, jobs, stop, bench or help");
        io.err().print(commandLine(io).getUsageMessage());
        return USAGE;
    }

    public static void main(String[] args) {
        boolean terminal = System.console() != null;
        RunControl control = new RunControl();
        Signals.install(control, System.err);
        byte[][] reserve = {new byte[1 << 20]}; // released when a thread dies of an error, so that failing has room
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            reserve[0] = null;
            try {
                fatal(thread, e, control);
            } catch (Throwable again) {
                Runtime.getRuntime().halt(FATAL); // not even the report could be made
            }
        });
        System.exit(execute(args, System.out, System.err, terminal, control));
    }

    /**
     * An error no one caught, in any thread: said at once; a JVM error ({@link Error}) also fails the
     * run in progress, and ends the command with code 4 within 10 seconds whatever else happens.
     */
    private static void fatal(Thread thread, Throwable e, RunControl control) {
        System.err.println("tidemark: " + (e instanceof Error ? "fatal error" : "error") + " in thread '" + thread.getName() + "': " + e);
        if (!(e instanceof Error)) {
            return;
        }
        control.fatal(e);
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(10_000);
            } catch (InterruptedException ignored) {
                // exiting anyway
            }
            System.err.println("tidemark: the run did not end after the fatal error; exiting (code " + FATAL + ")");
            Runtime.getRuntime().halt(FATAL);
        }, "tidemark-fatal-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
    }

    /** Runs the command line {@code args}; returns the exit code. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        return execute(args, out, err, false, new RunControl());
    }

    public static int execute(String[] args, PrintStream out, PrintStream err, boolean terminal, RunControl control) {
        Io io = new Io(out, err, terminal, control);
        CommandLine cl = commandLine(io);
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    static CommandLine commandLine(Io io) {
        CommandLine cl = new CommandLine(new Main(io));
        cl.addSubcommand("run", new RunCommand(io));
        cl.addSubcommand("validate", new ValidateCommand(io));
        cl.addSubcommand("explain", new ExplainCommand(io));
        cl.addSubcommand("generate", GenerateCommand.spec(io));
        cl.addSubcommand("demo", new DemoCommand(io));
        cl.addSubcommand("kafka-demo", new KafkaDemoCommand(io));
        cl.addSubcommand("backfill", new BackfillCommand(io));
        cl.addSubcommand("reconcile", new ReconcileCommand(io));
        cl.addSubcommand("profile", new io.tidemark.cli.profile.ProfileCommand(io.out()));
        cl.addSubcommand("tune", new io.tidemark.cli.profile.TuneCommand(io.out()));
        cl.addSubcommand("jobs", new JobsCommand(io));
        cl.addSubcommand("stop", new StopCommand(io));
        cl.addSubcommand("bench", new BenchCommand(io));
        cl.addSubcommand("help", new CommandLine.HelpCommand()); // tidemark help [COMMAND]
        // everything after "bench" is the benchmark's own command line, --help included
        cl.getSubcommands().get("bench").setUnmatchedOptionsArePositionalParams(true);
        cl.setOut(new PrintWriter(new java.io.OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true));
        cl.setErr(new PrintWriter(new java.io.OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof EngineUnavailableException) {
                io.err().println("tidemark: " + e.getMessage());
                return USAGE;
            }
            if (e instanceof ConfigException) {
                io.err().println("tidemark: error: " + e.getMessage());
                return USAGE;
            }
            if (e instanceof CommandLine.ParameterException) {
                throw e;
            }
            if (e instanceof RunFailedException f) {
                io.err().println("tidemark: " + (f.fatal() ? "fatal error: " : "failed: ") + f.getMessage()
                        + (f.advice() == null ? "" : "\n  " + f.advice())
                        + (f.kept().isEmpty() ? "" : "\n  outputs put back as they were before the run; this run's records are in: "
                                + String.join(", ", f.kept())));
                return f.fatal() ? FATAL : FAILED;
            }
            String advice = RunFailedException.advice(e);
            io.err().println("tidemark: " + (RunFailedException.fatalError(e) != null ? "fatal error: " : "failed: ") + JobRunner.describe(e)
                    + (advice == null ? "" : "\n  " + advice));
            return RunFailedException.fatalError(e) != null ? FATAL : FAILED;
        });
        return cl;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"tidemark " + (v == null ? "0.1.0-SNAPSHOT" : v)};
        }
    }
}
