package io.tidemark.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/** One mapping of the job file, read with every key checked; errors name the full key path. */
final class Section {

    final String path;
    final JsonNode node;

    Section(String path, JsonNode node) {
        this.path = path;
        this.node = node;
        if (node == null || !node.isObject()) {
            throw new ConfigException(path, "expected a mapping of keys (key: value), got " + describe(node));
        }
    }

    String key(String k) {
        return path.isEmpty() ? k : path + "." + k;
    }

    /** Fails on the first key that is not one of {@code known}, suggesting the closest known key. */
    void allow(String... known) {
        Set<String> set = new TreeSet<>(List.of(known));
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String n = names.next();
            if (!set.contains(n)) {
                String best = null;
                int bestDistance = Integer.MAX_VALUE;
                for (String k : set) {
                    int d = distance(n.toLowerCase(Locale.ROOT), k);
                    if (d < bestDistance) {
                        bestDistance = d;
                        best = k;
                    }
                }
                String hint = best != null && bestDistance <= Math.max(2, n.length() / 3) ? " (did you mean '" + key(best) + "'?)" : "";
                throw new ConfigException(key(n), "unknown key" + hint + "; known keys"
                        + (path.isEmpty() ? "" : " under '" + path + "'") + ": " + String.join(", ", set));
            }
        }
    }

    boolean has(String k) {
        JsonNode v = node.get(k);
        return v != null && !v.isNull();
    }

    /** Fails if {@code k} is set: it has no meaning here ({@code why} says when it has). */
    void forbid(String k, String why) {
        if (node.has(k)) {
            throw new ConfigException(key(k), "not allowed here: " + why);
        }
    }

    JsonNode get(String k) {
        JsonNode v = node.get(k);
        return v == null || v.isNull() ? null : v;
    }

    String text(String k) {
        JsonNode v = get(k);
        if (v == null) {
            return null;
        }
        if (!v.isValueNode()) {
            throw new ConfigException(key(k), "expected a single value, got " + describe(v));
        }
        String s = v.asText();
        if (s.isBlank()) {
            throw new ConfigException(key(k), "is empty");
        }
        return s;
    }

    String text(String k, String dflt) {
        String s = text(k);
        return s == null ? dflt : s;
    }

    String required(String k, String what) {
        String s = text(k);
        if (s == null) {
            throw new ConfigException(key(k), "missing: " + what);
        }
        return s;
    }

    Duration duration(String k, Duration dflt, boolean allowNegative) {
        String s = text(k);
        return s == null ? dflt : Durations.parse(key(k), s, allowNegative);
    }

    Duration requiredDuration(String k, String what) {
        return Durations.parse(key(k), required(k, what), false);
    }

    /** One of {@code choices} (written in lower case with dashes), as an enum constant. */
    <E extends Enum<E>> E choice(String k, E dflt, Class<E> type) {
        String s = text(k);
        if (s == null) {
            if (dflt == null) {
                throw new ConfigException(key(k), "missing; one of " + choices(type));
            }
            return dflt;
        }
        for (E e : type.getEnumConstants()) {
            if (e.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(s.trim())) {
                return e;
            }
        }
        throw new ConfigException(key(k), "'" + s + "' is not one of " + choices(type));
    }

    static <E extends Enum<E>> String choices(Class<E> type) {
        List<String> l = new ArrayList<>();
        for (E e : type.getEnumConstants()) {
            l.add(e.name().toLowerCase(Locale.ROOT).replace('_', '-'));
        }
        return String.join(" | ", l);
    }

    int integer(String k, int dflt) {
        JsonNode v = get(k);
        if (v == null) {
            return dflt;
        }
        if (v.isIntegralNumber() && v.canConvertToInt()) {
            return v.intValue();
        }
        if (v.isTextual()) {
            try {
                return Integer.parseInt(v.textValue().trim());
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new ConfigException(key(k), "expected a whole number, got " + describe(v));
    }

    long longValue(String k, long dflt) {
        JsonNode v = get(k);
        if (v == null) {
            return dflt;
        }
        if (v.isIntegralNumber() && v.canConvertToLong()) {
            return v.longValue();
        }
        if (v.isTextual()) {
            try {
                return Long.parseLong(v.textValue().trim());
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new ConfigException(key(k), "expected a whole number, got " + describe(v));
    }

    double number(String k, double dflt) {
        JsonNode v = get(k);
        if (v == null) {
            return dflt;
        }
        if (v.isNumber()) {
            return v.doubleValue();
        }
        if (v.isTextual()) {
            try {
                return Double.parseDouble(v.textValue().trim());
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        throw new ConfigException(key(k), "expected a number, got " + describe(v));
    }

    boolean bool(String k, boolean dflt) {
        JsonNode v = get(k);
        if (v == null) {
            return dflt;
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isTextual() && (v.textValue().equals("true") || v.textValue().equals("false"))) {
            return Boolean.parseBoolean(v.textValue());
        }
        throw new ConfigException(key(k), "expected true or false, got " + describe(v));
    }

    Section section(String k) {
        JsonNode v = get(k);
        return v == null ? null : new Section(key(k), v);
    }

    /** A list of texts; a single text counts as a list of one. Null if absent. */
    List<String> texts(String k) {
        JsonNode v = get(k);
        if (v == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        if (v.isValueNode()) {
            out.add(v.asText());
            return out;
        }
        if (!v.isArray()) {
            throw new ConfigException(key(k), "expected a list, got " + describe(v));
        }
        for (JsonNode e : v) {
            if (!e.isValueNode() || e.isNull() || e.asText().isBlank()) {
                throw new ConfigException(key(k), "expected a list of names, got an entry " + describe(e));
            }
            out.add(e.asText());
        }
        return out;
    }

    static String describe(JsonNode n) {
        if (n == null || n.isNull()) {
            return "nothing";
        }
        if (n.isObject()) {
            return "a mapping";
        }
        if (n.isArray()) {
            return "a list";
        }
        return "'" + n.asText() + "'";
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
