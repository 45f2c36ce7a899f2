package io.tidemark.cli;

import io.tidemark.cli.job.EngineUnavailableException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code tidemark bench [ARGS…]}: runs the benchmarks ({@code io.tidemark.bench.BenchMain} of module
 * {@code tidemark-bench}) with {@code ARGS}. Called reflectively: the command line does not depend on
 * the benchmarks (nor on Flink, which they compare against); the {@code tidemark} launcher builds
 * them and puts them on the class path only when the first argument is {@code bench}.
 */
@Command(name = "bench", description = {"Runs the benchmarks (module tidemark-bench).",
    "For example: tidemark bench --smoke W1.",
    "tidemark bench --help lists the benchmarks' own options."})
final class BenchCommand implements Callable<Integer> {

    static final String BENCH_MAIN = "io.tidemark.bench.BenchMain";

    private final Main.Io io;

    @Parameters(arity = "0..*", paramLabel = "ARGS", description = "the benchmark's arguments")
    List<String> args = new ArrayList<>();

    BenchCommand(Main.Io io) {
        this.io = io;
    }

    static Class<?> benchMain() {
        try {
            return Class.forName(BENCH_MAIN, true, BenchCommand.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new EngineUnavailableException("the benchmarks are not available: " + BENCH_MAIN
                    + " (module tidemark-bench) is not on the class path. Run them through the ./tidemark launcher "
                    + "(./tidemark bench ...), which builds tidemark-bench when the first argument is bench.", e);
        }
    }

    @Override
    public Integer call() throws Exception {
        Class<?> main = benchMain();
        String[] a = args.toArray(new String[0]);
        if (a.length == 1 && (a[0].equals("--help") || a[0].equals("-h"))) {
            io.out().println("Usage: tidemark bench [ARGS...]  (runs " + BENCH_MAIN + " with ARGS)");
        }
        io.out().flush();
        invoke(main.getMethod("main", String[].class), a);
        return Main.OK;
    }

    private static void invoke(Method m, String[] a) throws Exception {
        try {
            m.invoke(null, (Object) a);
        } catch (InvocationTargetException e) {
            Throwable c = e.getCause();
            if (c instanceof Exception) {
                throw (Exception) c;
            }
            if (c instanceof Error) {
                throw (Error) c;
            }
            throw e;
        }
    }
}
