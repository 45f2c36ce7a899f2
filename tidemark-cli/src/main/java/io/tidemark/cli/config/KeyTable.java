package io.tidemark.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Every key a job file may hold, in groups ({@link Group}), and how a job file is read against them:
 * each mapping is checked for unknown keys (the closest known key suggested), each key for where it
 * applies, its value and, where required, its presence. Reading stops at the first mistake, a
 * {@link ConfigException} naming the key.
 *
 * <p>Order: a group's discriminating keys ({@code type}, {@code strategy}, {@code emit}) first, so that
 * "not supported yet" and "only for …" come before "unknown key"; then unknown keys; then the keys and
 * sub-groups in table order; then the required keys.
 */
public final class KeyTable {

    private final Group root;
    private final Map<String, Key<?>> keys = new LinkedHashMap<>();

    KeyTable(Group root) {
        this.root = root;
        index(root);
    }

    private void index(Group g) {
        for (Object m : g.members()) {
            if (m instanceof Key<?> k) {
                keys.put(k.path(), k);
            } else {
                index((Group) m);
            }
        }
    }

    public Group root() {
        return root;
    }

    /** The key at {@code path}, or null. */
    public Key<?> key(String path) {
        return keys.get(path);
    }

    /** Every key, in table order. */
    public List<Key<?>> keys() {
        return new ArrayList<>(keys.values());
    }

    /** Reads {@code node}; errors name keys by their path. */
    public Settings read(JsonNode node) {
        return read(node, UnaryOperator.identity());
    }

    /** Reads {@code node}; errors name a key by {@code display.apply(path)} (e.g. an option name). */
    public Settings read(JsonNode node, UnaryOperator<String> display) {
        Settings s = new Settings(this);
        readGroup(root, node, s, display);
        return s;
    }

    /** Reads only the mapping {@code groupPath} of the table from {@code node} (e.g. the options of a command). */
    public Settings readSection(String groupPath, JsonNode node, UnaryOperator<String> display) {
        Settings s = new Settings(this);
        readGroup(find(root, groupPath), node, s, display);
        return s;
    }

    private static Group find(Group g, String path) {
        if (g.path().equals(path)) {
            return g;
        }
        for (Group sub : g.groups()) {
            Group f = find(sub, path);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    private void readGroup(Group g, JsonNode node, Settings s, UnaryOperator<String> display) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            if (g.isRequired()) {
                throw new ConfigException(display.apply(g.path()), "missing: " + g.missing());
            }
            return;
        }
        if (!node.isObject()) {
            throw new ConfigException(display.apply(g.path()), "expected a mapping of keys (key: value), got " + Types.describe(node));
        }
        List<Key<?>> discriminators = new ArrayList<>();
        for (Key<?> k : keys.values()) {
            Key<String> on = k.applies().on();
            if (on != null && on.section().equals(g.path()) && g.key(on.name()) != null && !discriminators.contains(g.key(on.name()))) {
                discriminators.add(g.key(on.name()));
            }
        }
        for (Key<?> k : discriminators) {
            readKey(k, node, s, display);
        }
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String n = names.next();
            if (!g.names().contains(n)) {
                throw unknown(g, n, display);
            }
        }
        for (Object m : g.members()) {
            if (m instanceof Key<?> k) {
                if (!discriminators.contains(k)) {
                    readKey(k, node, s, display);
                }
            } else {
                Group sub = (Group) m;
                readGroup(sub, node.get(sub.name()), s, display);
            }
        }
        for (Key<?> k : g.keys()) {
            if (k.isRequired() && !s.isSet(k) && k.applies().test(s)) {
                throw new ConfigException(display.apply(k.path()), "missing: " + k.missing());
            }
        }
    }

    private static void readKey(Key<?> k, JsonNode section, Settings s, UnaryOperator<String> display) {
        JsonNode v = section.get(k.name());
        if (v == null || v.isNull()) {
            return;
        }
        if (!k.applies().test(s)) {
            throw new ConfigException(display.apply(k.path()), "not allowed here: " + k.applies().describe()
                    + (k.notHere() == null ? "" : " (" + k.notHere() + ")"));
        }
        s.put(k, k.type().read(display.apply(k.path()), v));
    }

    private static ConfigException unknown(Group g, String n, UnaryOperator<String> display) {
        String best = Closest.byEdits(n, g.names());
        String prefix = g.path().isEmpty() ? "" : g.path() + ".";
        String hint = best != null ? " (did you mean '" + display.apply(prefix + best) + "'?)" : "";
        List<String> known = new ArrayList<>(g.names());
        java.util.Collections.sort(known);
        return new ConfigException(display.apply(prefix + n), "unknown key" + hint + "; known keys"
                + (g.path().isEmpty() ? "" : " under '" + display.apply(g.path()) + "'") + ": " + String.join(", ", known));
    }
}
