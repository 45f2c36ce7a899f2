package io.tidemark.configuration;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Converts configuration values between their string form (what {@code setString}, a job file or
 * {@code Configuration.fromMap} give, what {@code toMap} returns) and their types, as Flink writes and
 * reads them: durations with their highest exact unit ({@code 200 ms}, {@code 1 min}, {@code 25 h}),
 * lists as {@code [a, b]} (also read: {@code a;b}), maps as {@code {a: 1}} (also read: {@code a:1,b:2}).
 */
final class ConfigValues {

    private ConfigValues() {}

    private static final long[] UNIT_NANOS = {86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L,
            1_000_000L, 1_000L, 1L};
    private static final String[] UNIT_LABELS = {"d", "h", "min", "s", "ms", "µs", "ns"};

    /** {@code raw} (a string or a value) as the value of {@code option}; fails naming the key. */
    @SuppressWarnings("unchecked")
    static <T> T convert(ConfigOption<T> option, String key, Object raw) {
        try {
            if (option.isList()) {
                List<Object> out = new ArrayList<>();
                for (Object e : raw instanceof List<?> l ? l : splitList(raw.toString())) {
                    out.add(scalar(option.getClazz(), e));
                }
                return (T) List.copyOf(out);
            }
            return (T) scalar(option.getClazz(), raw);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("Could not parse value '" + format(raw) + "' for key '" + key + "'.", e);
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object scalar(Class<?> clazz, Object raw) {
        if (clazz.isInstance(raw)) {
            return raw;
        }
        if (clazz == Map.class) {
            return parseMap(raw.toString());
        }
        String s = raw instanceof Duration d ? format(d) : raw.toString().trim();
        if (clazz == String.class) {
            return s;
        } else if (clazz == Integer.class) {
            return Integer.valueOf(s);
        } else if (clazz == Long.class) {
            return Long.valueOf(s);
        } else if (clazz == Float.class) {
            return Float.valueOf(s);
        } else if (clazz == Double.class) {
            return Double.valueOf(s);
        } else if (clazz == Boolean.class) {
            if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
                return Boolean.valueOf(s);
            }
            throw new IllegalArgumentException("not a boolean: " + s);
        } else if (clazz == Duration.class) {
            return parseDuration(s);
        } else if (clazz == MemorySize.class) {
            return MemorySize.parse(s);
        } else if (clazz.isEnum()) {
            for (Object c : clazz.getEnumConstants()) {
                if (((Enum) c).name().equalsIgnoreCase(s)) {
                    return c;
                }
            }
            throw new IllegalArgumentException("not one of " + List.of(clazz.getEnumConstants()) + ": " + s);
        }
        throw new IllegalArgumentException("unsupported type " + clazz.getName());
    }

    /** The string form of a value, as {@code toMap} gives it. */
    static String format(Object value) {
        if (value instanceof Duration d) {
            return format(d);
        } else if (value instanceof Enum<?> e) {
            return e.name();
        } else if (value instanceof List<?> l) {
            StringJoiner j = new StringJoiner(", ", "[", "]");
            l.forEach(e -> j.add(format(e)));
            return j.toString();
        } else if (value instanceof Map<?, ?> m) {
            StringJoiner j = new StringJoiner(", ", "{", "}");
            m.forEach((k, v) -> j.add(k + ": '" + v + "'"));
            return j.toString();
        }
        return String.valueOf(value);
    }

    /** A duration in its highest unit that holds it exactly: {@code 200 ms}, {@code 1 min}, {@code 0 ms}. */
    static String format(Duration d) {
        long nanos = d.toNanos();
        if (nanos == 0) {
            return "0 ms";
        }
        for (int i = 0; i < UNIT_NANOS.length; i++) {
            if (nanos % UNIT_NANOS[i] == 0) {
                return nanos / UNIT_NANOS[i] + " " + UNIT_LABELS[i];
            }
        }
        throw new AssertionError();
    }

    /** {@code 10 s}, {@code 10s}, {@code 500} (milliseconds), {@code 1 min}, {@code 2 hours}, {@code PT10S}. */
    static Duration parseDuration(String text) {
        String t = text.trim();
        if (t.toUpperCase(Locale.ROOT).startsWith("P")) {
            try {
                return Duration.parse(t);
            } catch (DateTimeParseException e) {
                throw new IllegalArgumentException("not a duration: " + text, e);
            }
        }
        int i = 0;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
        }
        if (i == 0) {
            throw new IllegalArgumentException("not a duration: " + text);
        }
        long n = Long.parseLong(t.substring(0, i));
        return switch (t.substring(i).trim().toLowerCase(Locale.ROOT)) {
            case "", "ms", "milli", "millis", "millisecond", "milliseconds" -> Duration.ofMillis(n);
            case "ns", "nano", "nanos", "nanosecond", "nanoseconds" -> Duration.ofNanos(n);
            case "µs", "us", "micro", "micros", "microsecond", "microseconds" -> Duration.ofNanos(n * 1000);
            case "s", "sec", "secs", "second", "seconds" -> Duration.ofSeconds(n);
            case "m", "min", "mins", "minute", "minutes" -> Duration.ofMinutes(n);
            case "h", "hour", "hours" -> Duration.ofHours(n);
            case "d", "day", "days" -> Duration.ofDays(n);
            default -> throw new IllegalArgumentException("unknown time unit in '" + text + "'");
        };
    }

    private static List<String> splitList(String s) {
        String t = s.trim();
        List<String> out = new ArrayList<>();
        boolean flow = t.startsWith("[") && t.endsWith("]");
        String body = flow ? t.substring(1, t.length() - 1) : t;
        if (body.isBlank()) {
            return out;
        }
        for (String e : body.split(flow ? "," : ";")) {
            out.add(unquote(e.trim()));
        }
        return out;
    }

    private static Map<String, String> parseMap(String s) {
        String t = s.trim();
        boolean flow = t.startsWith("{") && t.endsWith("}");
        String body = flow ? t.substring(1, t.length() - 1) : t;
        Map<String, String> out = new LinkedHashMap<>();
        if (body.isBlank()) {
            return out;
        }
        for (String e : body.split(",")) {
            int at = e.indexOf(':');
            if (at < 0) {
                throw new IllegalArgumentException("not key:value: " + e);
            }
            out.put(unquote(e.substring(0, at).trim()), unquote(e.substring(at + 1).trim()));
        }
        return out;
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }
}
