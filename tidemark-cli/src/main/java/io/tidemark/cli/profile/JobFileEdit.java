package io.tidemark.cli.profile;

import io.tidemark.cli.BuiltIn;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.config.JobConfigLoader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Sets values in a job file's text where they stand, so that its comments, order and layout stay: the
 * YAML is composed (SnakeYAML) only to find where each value is; a value that is there is replaced in
 * place, one that is not is added as the last key of its section (a line in the section's indentation,
 * or {@code , key: value} in a flow mapping {@code {…}}), and a missing section is added at the end.
 * Keys are dotted paths of at most two levels ({@code watermark.idleness}, {@code allowed-lateness}).
 */
final class JobFileEdit {

    private JobFileEdit() {}

    /** {@code text} with every value of {@code values} (path → YAML scalar) set; returns what was there before, by path. */
    static String apply(String text, Map<String, String> values, Map<String, String> before) {
        String t = text;
        for (Map.Entry<String, String> e : values.entrySet()) {
            t = set(t, e.getKey(), e.getValue(), before);
        }
        return t;
    }

    private static String set(String text, String path, String value, Map<String, String> before) {
        Node root = new Yaml(new LoaderOptions()).compose(new StringReader(text));
        if (!(root instanceof MappingNode top)) {
            throw new IllegalArgumentException("the job file is not a YAML mapping");
        }
        String[] parts = path.split("\\.", 2);
        if (parts.length == 1) {
            return setIn(text, top, parts[0], value, path, before);
        }
        Node section = valueOf(top, parts[0]);
        if (section == null) {
            String end = text.endsWith("\n") || text.isEmpty() ? "" : "\n";
            before.put(path, null);
            return text + end + parts[0] + ":\n  " + parts[1] + ": " + value + "\n";
        }
        if (!(section instanceof MappingNode m)) {
            throw new IllegalArgumentException(parts[0] + " is not a mapping");
        }
        return setIn(text, m, parts[1], value, path, before);
    }

    private static Node valueOf(MappingNode m, String key) {
        for (NodeTuple t : m.getValue()) {
            if (t.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                return t.getValueNode();
            }
        }
        return null;
    }

    private static String setIn(String text, MappingNode m, String key, String value, String path, Map<String, String> before) {
        Node v = valueOf(m, key);
        if (v != null) {
            before.put(path, v instanceof ScalarNode s ? s.getValue() : "(not a value)");
            return text.substring(0, v.getStartMark().getIndex()) + value + text.substring(v.getEndMark().getIndex());
        }
        before.put(path, null);
        if (m.getFlowStyle() == DumperOptions.FlowStyle.FLOW) {
            int close = text.lastIndexOf('}', m.getEndMark().getIndex() - 1);
            String sep = m.getValue().isEmpty() ? "" : ", ";
            return text.substring(0, close) + sep + key + ": " + value + text.substring(close);
        }
        if (m.getValue().isEmpty()) {
            throw new IllegalArgumentException("cannot add to an empty block mapping");
        }
        int indent = m.getValue().get(0).getKeyNode().getStartMark().getColumn();
        Node last = m.getValue().get(m.getValue().size() - 1).getValueNode();
        int at = last.getEndMark().getIndex();
        String line = " ".repeat(indent) + key + ": " + value;
        if (at > 0 && text.charAt(at - 1) == '\n') {
            return text.substring(0, at) + line + "\n" + text.substring(at);
        }
        int eol = text.indexOf('\n', at);
        if (eol < 0) {
            return text + "\n" + line + "\n";
        }
        return text.substring(0, eol) + "\n" + line + text.substring(eol);
    }

    /**
     * {@code profile --write}: the recommendation into {@code target} (null: none, print it), checked by
     * loading the result before it replaces the file; 1 when it could not be written (then printed).
     */
    static int writeRecommendation(PrintStream out, JobConfig config, Profile p, Path target) throws IOException {
        if (p.recommendation() == null) {
            out.println("write: nothing to write (no record was measured)");
            return 0;
        }
        Profile.Recommendation r = p.recommendation();
        Map<String, String> values = new LinkedHashMap<>();
        if (config.watermark().strategy() != JobConfig.Strategy.BOUNDED) {
            values.put("watermark.strategy", "bounded");
        }
        values.put("watermark.max-out-of-orderness", r.bound());
        values.put("watermark.idleness", r.idleness());
        values.put("event-time.max-future", r.maxFuture());
        if (target == null) {
            out.print("write: no job file (--input); the recommended values:\n" + snippet(values));
            return 0;
        }
        Map<String, String> before = new LinkedHashMap<>();
        Path temp = target.toAbsolutePath().resolveSibling("." + target.getFileName() + ".tidemark-new");
        try {
            String text = Files.readString(target, StandardCharsets.UTF_8);
            Files.writeString(temp, apply(text, values, before), StandardCharsets.UTF_8);
            JobConfigLoader.load(temp, BuiltIn.catalog());
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } catch (RuntimeException | IOException e) {
            Files.deleteIfExists(temp);
            out.print("write: " + target + " was not changed (" + e.getMessage() + "); the recommended values:\n"
                    + snippet(values));
            return 1;
        }
        StringBuilder sb = new StringBuilder("wrote into ").append(target).append(':');
        values.forEach((k, v) -> sb.append("\n  ").append(k).append(": ").append(v)
                .append(before.get(k) == null ? "  (added)" : before.get(k).equals(v) ? "  (unchanged)" : "  (was " + before.get(k) + ")"));
        sb.append("\n  allowed-lateness: kept (").append(Show.duration(config.allowedLateness().toMillis()))
                .append("); 0s is where the seeds start, see the recommendation");
        out.println(sb);
        return 0;
    }

    /** The snippet of {@code values} as YAML, sections grouped, for a job file that cannot be written. */
    static String snippet(Map<String, String> values) {
        Map<String, StringBuilder> sections = new LinkedHashMap<>();
        StringBuilder top = new StringBuilder();
        for (Map.Entry<String, String> e : values.entrySet()) {
            String[] parts = e.getKey().split("\\.", 2);
            if (parts.length == 1) {
                top.append(parts[0]).append(": ").append(e.getValue()).append('\n');
            } else {
                sections.computeIfAbsent(parts[0], k -> new StringBuilder()).append("  ").append(parts[1]).append(": ")
                        .append(e.getValue()).append('\n');
            }
        }
        StringBuilder sb = new StringBuilder();
        sections.forEach((k, v) -> sb.append(k).append(":\n").append(v));
        return sb.append(top).toString();
    }
}
