package io.tidemark.cli.io;

import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What the job's outputs cannot store of a line, checked at the source ({@link LineInterpreter}) so
 * that such a line becomes a dead letter ({@code unstorable}) with its reason, rather than a value that
 * fails its output's write — and, in a table, the whole batch with it. The one such value of the
 * supported outputs is text holding the character U+0000, which PostgreSQL cannot store
 * ({@link OutputSpec#storesNul}): in a key, when the results or the late records go to such a table
 * (both store the key), and anywhere in the line when the late records do (their row holds the line, and
 * any record may turn out late). Deciding at the source keeps the decision in the input's order, the same
 * after a restore, and the accounting exact. Dead letters themselves are always stored (see
 * {@code JdbcTables}).
 *
 * @param keys the outputs that cannot store U+0000 in a key (for the message), or null
 * @param lines the output that cannot store U+0000 in the line, or null
 */
public record TextLimits(String keys, String lines) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** No limit: every output stores any text. */
    public static final TextLimits NONE = new TextLimits(null, null);

    /** The limits of {@code job}'s outputs. */
    public static TextLimits of(JobConfig job) {
        List<String> keys = new ArrayList<>();
        String lines = null;
        for (OutputContext.Role role : List.of(OutputContext.Role.RESULTS, OutputContext.Role.LATE)) {
            OutputSpec o = job.outputs().get(role);
            if (o != null && !o.storesNul()) {
                String name = role.key() + " (" + o.describe() + ")";
                keys.add(name);
                if (role == OutputContext.Role.LATE) {
                    lines = name;
                }
            }
        }
        return keys.isEmpty() ? NONE : new TextLimits(String.join(" and ", keys), lines);
    }

    /** Why the line {@code line}, whose fields are {@code fields}, keyed by {@code keyBy}, cannot be stored; null if it can. */
    String rejects(List<String> keyBy, java.util.Map<String, Object> fields, String line) {
        if (keys != null) {
            for (String k : keyBy) {
                if (fields.get(k) instanceof String s && s.indexOf('\u0000') >= 0) {
                    return "key-by field '" + k + "' holds the character U+0000, which " + keys + " cannot store";
                }
            }
        }
        if (lines != null && line.indexOf('\u0000') >= 0) {
            return "the line holds the character U+0000, which " + lines + " cannot store (a late record's row holds its line)";
        }
        return null;
    }
}
