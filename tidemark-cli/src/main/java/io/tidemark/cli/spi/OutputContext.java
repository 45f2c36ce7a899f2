package io.tidemark.cli.spi;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Supplier;

/**
 * What an output knows about the run when it opens.
 *
 * @param role which of the job's outputs it is
 * @param keyFields the key-by field names (results)
 * @param valueNames the aggregate result names, {@code count}, {@code sum_amount}, … (results)
 * @param sessions whether results carry {@code replaces} (session windows)
 * @param inputFormat {@code jsonl} or {@code csv}: how the input's lines are written (late records are
 *     written as read)
 * @param inputHeader the input's CSV header line, for a late output of CSV records; it may become
 *     known only once the source has read it, so {@code get()} may wait for it; null for JSON lines
 * @param stdout the command's standard out
 */
public record OutputContext(Role role, List<String> keyFields, List<String> valueNames, boolean sessions,
        String inputFormat, Supplier<String> inputHeader, PrintStream stdout) {

    /** The job's three outputs. */
    public enum Role {
        /** Window results ({@code output.results}). */
        RESULTS("output.results"),
        /** Late records, each as read ({@code output.late}). */
        LATE("output.late"),
        /** Dead letters ({@code output.dead-letter}). */
        DEAD_LETTER("output.dead-letter");

        private final String key;

        Role(String key) {
            this.key = key;
        }

        /** The output's key in the job file. */
        public String key() {
            return key;
        }
    }
}
