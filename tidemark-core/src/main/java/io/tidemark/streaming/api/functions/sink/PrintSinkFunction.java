package io.tidemark.streaming.api.functions.sink;

import java.io.PrintStream;

/**
 * Prints each record's {@code toString()} to standard out (or err), one per line, prefixed with
 * {@code "identifier> "} when an identifier is given, as Flink's {@code print()} does.
 */
public class PrintSinkFunction<IN> extends RichSinkFunction<IN> {

    private static final long serialVersionUID = 1L;

    private final String identifier;
    private final boolean stdErr;

    public PrintSinkFunction() {
        this(null, false);
    }

    public PrintSinkFunction(String identifier, boolean stdErr) {
        this.identifier = identifier;
        this.stdErr = stdErr;
    }

    @Override
    public void invoke(IN value, Context context) {
        PrintStream stream = stdErr ? System.err : System.out;
        String prefix = "";
        int parallelism = getRuntimeContext().getNumberOfParallelSubtasks();
        int subtask = getRuntimeContext().getIndexOfThisSubtask() + 1;
        if (identifier != null && parallelism > 1) {
            prefix = identifier + ":" + subtask + "> ";
        } else if (identifier != null) {
            prefix = identifier + "> ";
        } else if (parallelism > 1) {
            prefix = subtask + "> ";
        }
        stream.println(prefix + value);
    }
}
