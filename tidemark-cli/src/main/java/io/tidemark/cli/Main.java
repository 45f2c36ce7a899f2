package io.tidemark.cli;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.job.EngineUnavailableException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code tidemark} command: runs declarative job files (YAML) on the embedded engine or on Flink.
 * Exit codes: 0 success, 1 the job failed while running, 2 a usage or configuration error (reported
 * before any record is processed).
 */
@Command(name = "tidemark", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = {"Runs event-time stream jobs described in a YAML job file on the embedded Tidemark engine",
            "(or, with run --engine flink, on Apache Flink).",
            "Start with: tidemark demo"},
        footer = {"", "Exit codes: 0 done, 1 the job failed, 2 usage or job-file error.",
            "Job file reference: docs/job-file.md"})
public final class Main implements java.util.concurrent.Callable<Integer> {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int USAGE = 2;

    /** Where a command writes, and whether it may draw progress bars. */
    public record Io(PrintStream out, PrintStream err, boolean terminal) {}

    private final Io io;

    Main(Io io) {
        this.io = io;
    }

    @Override
    public Integer call() {
        io.err().println("tidemark: a command is required: run, validate, generate, demo or bench");
        io.err().print(commandLine(io).getUsageMessage());
        return USAGE;
    }

    public static void main(String[] args) {
        boolean terminal = System.console() != null;
        System.exit(execute(args, System.out, System.err, terminal));
    }

    /** Runs the command line {@code args}; returns the exit code. */
    public static int execute(String[] args, PrintStream out, PrintStream err) {
        return execute(args, out, err, false);
    }

    public static int execute(String[] args, PrintStream out, PrintStream err, boolean terminal) {
        Io io = new Io(out, err, terminal);
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
        cl.addSubcommand("generate", new GenerateCommand(io));
        cl.addSubcommand("demo", new DemoCommand(io));
        cl.addSubcommand("bench", new BenchCommand(io));
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
            io.err().println("tidemark: failed: " + describe(e));
            return FAILED;
        });
        return cl;
    }

    /** The message of {@code e} and its causes, without stack traces. */
    static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder();
        Throwable t = e;
        String last = null;
        while (t != null) {
            String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
            if (last == null || !last.contains(m)) {
                if (sb.length() > 0) {
                    sb.append("\n  caused by: ");
                }
                sb.append(m);
            }
            last = m;
            t = t.getCause() == t ? null : t.getCause();
        }
        return sb.toString();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"tidemark " + (v == null ? "0.1.0-SNAPSHOT" : v)};
        }
    }
}
