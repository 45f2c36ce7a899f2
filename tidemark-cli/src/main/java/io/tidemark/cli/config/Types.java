package io.tidemark.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The value types of the key table. */
public final class Types {

    private Types() {}

    /** Text (a scalar, not blank). */
    public static ValueType<String> text() {
        return scalar("text", (k, s) -> s);
    }

    /** The name of a field of the input records. */
    public static ValueType<String> field() {
        return scalar("field name", (k, s) -> s);
    }

    /** A path; relative paths resolve against the job file's folder (by whoever reads the key). */
    public static ValueType<String> path() {
        return scalar("path", (k, s) -> s);
    }

    /** A field name or a list of distinct field names; a single name is a list of one. */
    public static ValueType<List<String>> fields() {
        return new ValueType<>() {
            @Override
            public List<String> read(String key, JsonNode v) {
                List<String> out = new ArrayList<>();
                if (v.isValueNode()) {
                    out.add(nonBlank(key, v));
                } else if (v.isArray()) {
                    for (JsonNode e : v) {
                        if (!e.isValueNode() || e.isNull() || e.asText().isBlank()) {
                            throw new ConfigException(key, "expected a list of names, got an entry " + describe(e));
                        }
                        out.add(e.asText());
                    }
                } else {
                    throw new ConfigException(key, "expected a list, got " + describe(v));
                }
                if (new HashSet<>(out).size() != out.size()) {
                    throw new ConfigException(key, "a field is listed twice: " + out);
                }
                return List.copyOf(out);
            }

            @Override
            public String doc() {
                return "field name or list";
            }

            @Override
            public String show(List<String> v) {
                return "[" + String.join(", ", v) + "]";
            }
        };
    }

    /** A text or a list of texts; a single text is a list of one. */
    public static ValueType<List<String>> texts(String doc) {
        return custom(doc, (key, v) -> {
            List<String> out = new ArrayList<>();
            if (v.isValueNode()) {
                out.add(nonBlank(key, v));
            } else if (v.isArray()) {
                for (JsonNode e : v) {
                    out.add(nonBlank(key, e));
                }
            } else {
                throw new ConfigException(key, "expected a list, got " + describe(v));
            }
            return List.copyOf(out);
        }, l -> String.join(", ", l));
    }

    /** One of {@code values} (lower case, dashes). */
    public static ValueType<String> choice(String... values) {
        return choice(List.of(values), Map.of());
    }

    /**
     * One of {@code values}; a value of {@code planned} is known but not supported yet, and says so
     * (with the text it maps to).
     */
    public static ValueType<String> choice(List<String> values, Map<String, String> planned) {
        return new ValueType<>() {
            @Override
            public String read(String key, JsonNode v) {
                String s = nonBlank(key, v).trim();
                if (values.contains(s)) {
                    return s;
                }
                String options = String.join(" | ", values);
                if (planned.containsKey(s)) {
                    throw new ConfigException(key, "'" + s + "' is not supported yet (" + planned.get(s) + "); use one of " + options);
                }
                throw new ConfigException(key, "'" + s + "' is not one of " + options);
            }

            @Override
            public String doc() {
                return values.stream().map(x -> "`" + x + "`").collect(Collectors.joining(" \\| "));
            }
        };
    }

    /** A duration of zero or more (at most {@link Durations#MAX}). */
    public static ValueType<Duration> duration() {
        return duration(false, false);
    }

    /** A duration above zero. */
    public static ValueType<Duration> positiveDuration() {
        return duration(true, false);
    }

    /** A duration above zero; an error for zero adds {@code hint} (what to write instead). */
    public static ValueType<Duration> positiveDuration(String hint) {
        return scalar("duration > 0", (k, s) -> {
            Duration d = Durations.parse(k, s, false);
            if (d.isZero()) {
                throw new ConfigException(k, "must be above 0 (" + hint + ")");
            }
            return d;
        }, Durations::format);
    }

    /** A duration that may be negative. */
    public static ValueType<Duration> signedDuration() {
        return duration(false, true);
    }

    private static ValueType<Duration> duration(boolean positive, boolean negative) {
        return scalar(positive ? "duration > 0" : negative ? "duration, may be negative" : "duration", (k, s) -> {
            Duration d = Durations.parse(k, s, negative);
            if (positive && d.isZero()) {
                throw new ConfigException(k, "must be above 0");
            }
            return d;
        }, Durations::format);
    }

    /** A whole number in {@code [min, max]}. */
    public static ValueType<Integer> integer(int min, int max) {
        return scalar(max == Integer.MAX_VALUE ? "whole number ≥ " + min : min + "–" + max, (k, s) -> {
            long n = parseLong(k, s);
            if (n < min || n > max) {
                throw new ConfigException(k, "must be between " + min + " and " + max + ": " + s);
            }
            return (int) n;
        });
    }

    /** Any whole number (64 bits). */
    public static ValueType<Long> longInteger() {
        return scalar("whole number", Types::parseLong);
    }

    /** A number above 0 and at most {@code max}. */
    public static ValueType<Double> positiveNumber(double max) {
        return scalar("number > 0", (k, s) -> {
            double d = parseDouble(k, s);
            if (!(d > 0 && d <= max)) {
                throw new ConfigException(k, "must be above 0 and at most " + trim(max) + ": " + s);
            }
            return d;
        }, Types::trim);
    }

    /** A fraction between 0 and 1. */
    public static ValueType<Double> fraction() {
        return scalar("fraction 0–1", (k, s) -> {
            double d = parseDouble(k, s);
            if (!(d >= 0 && d <= 1)) {
                throw new ConfigException(k, "must be a fraction between 0 and 1: " + s);
            }
            return d;
        }, Types::trim);
    }

    /** A share: a percentage ({@code 10%}) or a fraction ({@code 0.1}), between 0 and 1. */
    public static ValueType<Double> share() {
        return scalar("percentage or fraction", (k, s) -> {
            String t = s.trim();
            double d = t.endsWith("%") ? parseDouble(k, t.substring(0, t.length() - 1).trim()) / 100 : parseDouble(k, t);
            if (!(d >= 0 && d <= 1)) {
                throw new ConfigException(k, "must be between 0% and 100%: " + s);
            }
            return d;
        }, d -> trim(d * 100) + "%");
    }

    /** {@code true} or {@code false}. */
    public static ValueType<Boolean> bool() {
        return new ValueType<>() {
            @Override
            public Boolean read(String key, JsonNode v) {
                if (v.isBoolean()) {
                    return v.booleanValue();
                }
                if (v.isTextual() && (v.textValue().equals("true") || v.textValue().equals("false"))) {
                    return Boolean.parseBoolean(v.textValue());
                }
                throw new ConfigException(key, "expected true or false, got " + describe(v));
            }

            @Override
            public String doc() {
                return "`true` \\| `false`";
            }
        };
    }

    /** A size in bytes: {@code 65536}, {@code 64KiB}, {@code 1MiB}, between {@code min} and {@code max}. */
    public static ValueType<Integer> size(int min, int max) {
        return scalar("size: bytes, KiB, MiB", (k, s) -> {
            String t = s.trim();
            long unit = 1;
            if (t.endsWith("KiB")) {
                unit = 1024;
            } else if (t.endsWith("MiB")) {
                unit = 1024 * 1024;
            }
            long n = parseLong(k, unit == 1 ? t : t.substring(0, t.length() - 3).trim());
            if (n < 0 || n > max / unit || n * unit < min) {
                throw new ConfigException(k, "must be between " + showSize(min) + " and " + showSize(max) + ": " + s);
            }
            return (int) (n * unit);
        }, n -> showSize(n));
    }

    static String showSize(long n) {
        if (n % (1024 * 1024) == 0) {
            return n / (1024 * 1024) + "MiB";
        }
        return n % 1024 == 0 ? n / 1024 + "KiB" : Long.toString(n);
    }

    /** A type read by {@code reader} from the node itself (lists, mappings). */
    public static <T> ValueType<T> custom(String doc, BiFunction<String, JsonNode, T> reader, Function<T, String> show) {
        return new ValueType<>() {
            @Override
            public T read(String key, JsonNode node) {
                return reader.apply(key, node);
            }

            @Override
            public String doc() {
                return doc;
            }

            @Override
            public String show(T value) {
                return show.apply(value);
            }
        };
    }

    /** A type read from a single value's text by {@code reader}. */
    public static <T> ValueType<T> scalar(String doc, BiFunction<String, String, T> reader) {
        return scalar(doc, reader, String::valueOf);
    }

    public static <T> ValueType<T> scalar(String doc, BiFunction<String, String, T> reader, Function<T, String> show) {
        return custom(doc, (k, v) -> reader.apply(k, nonBlank(k, v)), show);
    }

    public static String nonBlank(String key, JsonNode v) {
        if (!v.isValueNode()) {
            throw new ConfigException(key, "expected a single value, got " + describe(v));
        }
        String s = v.asText();
        if (s.isBlank()) {
            throw new ConfigException(key, "is empty");
        }
        return s;
    }

    private static long parseLong(String key, String s) {
        try {
            return Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(key, "expected a whole number, got '" + s + "'");
        }
    }

    private static double parseDouble(String key, String s) {
        try {
            double d = Double.parseDouble(s.trim());
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new ConfigException(key, "expected a number, got '" + s + "'");
        }
    }

    static String trim(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }

    /** How an error shows a YAML node. */
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

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
