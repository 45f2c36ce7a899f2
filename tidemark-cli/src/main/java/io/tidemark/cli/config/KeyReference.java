package io.tidemark.cli.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The key reference of docs/job-file.md, rendered from the key table: a table per mapping of the job
 * file with each key's values, default, the types it applies to and its meaning. The docs hold it
 * between {@link #BEGIN} and {@link #END}; a test checks that they match the table.
 */
public final class KeyReference {

    public static final String BEGIN = "<!-- BEGIN key reference: generated from the key table (JobKeys and the source and output types); "
            + "regenerate with: mvn -pl tidemark-cli test -Dtest=KeyReferenceTest -Dtidemark.docs.update=true -->";
    public static final String END = "<!-- END key reference -->";

    private KeyReference() {}

    public static String render(KeyTable table) {
        StringBuilder sb = new StringBuilder();
        Group root = table.root();
        sb.append("### Top-level keys\n\n");
        table(sb, root.keys());
        for (Group g : root.groups()) {
            group(sb, g);
        }
        return sb.toString();
    }

    private static void group(StringBuilder sb, Group g) {
        if (!g.documented()) {
            return;
        }
        if (g.path().startsWith("output.")) {
            sb.append("### `output.results`, `output.late`, `output.dead-letter`\n\n");
            sb.append("Each output is a mapping with a `type` and that type's keys (shown for `output.results`; the same for "
                    + "the other two). Defaults: `results` goes to standard out; `late` and `dead-letter` are not written "
                    + "(counted in the summary; the first 10 dead letters are shown on standard error).\n\n");
        } else {
            sb.append("### `").append(g.path()).append("`\n\n");
            if (!g.doc().isEmpty()) {
                sb.append(g.doc()).append("\n\n");
            }
        }
        if (!g.keys().isEmpty()) {
            table(sb, g.keys());
        }
        for (Group sub : g.groups()) {
            group(sb, sub);
        }
    }

    private static void table(StringBuilder sb, List<Key<?>> keys) {
        boolean conditional = keys.stream().anyMatch(k -> !k.applies().doc().isEmpty());
        List<String> head = new ArrayList<>(List.of("key", "value", "default"));
        if (conditional) {
            head.add("for");
        }
        head.add("meaning");
        row(sb, head);
        sb.append('|').append(" --- |".repeat(head.size())).append('\n');
        for (Key<?> k : keys) {
            List<String> cells = new ArrayList<>(List.of("`" + k.name() + "`", k.type().doc(), k.defaultDoc()));
            if (conditional) {
                Applies a = k.applies();
                cells.add(a.doc().isEmpty() ? "all" : a.on().name() + ": " + a.doc());
            }
            cells.add(k.doc());
            row(sb, cells);
        }
        sb.append('\n');
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append('|');
        for (String c : cells) {
            sb.append(' ').append(c.replace("\\|", "|").replace("|", "\\|")).append(" |");
        }
        sb.append('\n');
    }
}
