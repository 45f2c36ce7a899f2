package io.tidemark.streaming.api.functions.sink.legacy;

import io.tidemark.api.common.functions.OpenContext;

/**
 * Prints each record's {@code toString()} to standard out (or err), one per line, with Flink 2.3's
 * prefix (its {@code PrintSinkOutputWriter}): the identifier, then {@code ":"} and the subtask number
 * from 1 when the sink runs at parallelism above 1, then {@code "> "} unless the prefix is empty. So
 * {@code print()} at parallelism 1 prints the bare record, at parallelism 4 {@code "3> record"};
 * {@code print("late")} prints {@code "late> record"}, at parallelism 4 {@code "late:3> record"}.
 * This is what {@code print()} adds; Flink 2 keeps the class under this {@code legacy} package.
 */
public class PrintSinkFunction<IN> extends RichSinkFunction<IN> {

    private static final long serialVersionUID = 1L;

    private final String identifier;
    private final boolean stdErr;
    private transient String prefix;

    public PrintSinkFunction() {
        this(null, false);
    }

    /** Prints to standard error when {@code stdErr}, else to standard out, without an identifier. */
    public PrintSinkFunction(boolean stdErr) {
        this(null, stdErr);
    }

    public PrintSinkFunction(String identifier, boolean stdErr) {
        this.identifier = identifier;
        this.stdErr = stdErr;
    }

    @Override
    public void open(OpenContext openContext) {
        prefix = prefix(identifier, getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
                getRuntimeContext().getTaskInfo().getNumberOfParallelSubtasks());
    }

    /** The prefix of every line printed by subtask {@code subtask} (from 0) of {@code parallelism}. */
    public static String prefix(String identifier, int subtask, int parallelism) {
        String p = identifier == null ? "" : identifier;
        if (parallelism > 1) {
            p = (p.isEmpty() ? "" : p + ":") + (subtask + 1);
        }
        return p.isEmpty() ? "" : p + "> ";
    }

    @Override
    public void invoke(IN value, Context context) {
        invoke(value);
    }

    @Override
    public void invoke(IN value) {
        if (prefix == null) {
            open(null);
        }
        (stdErr ? System.err : System.out).println(prefix + value);
    }

    @Override
    public String toString() {
        return "Print to " + (stdErr ? "System.err" : "System.out");
    }
}
