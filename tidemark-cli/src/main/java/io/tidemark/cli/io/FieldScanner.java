package io.tidemark.cli.io;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Finds the fields a job needs in one line's bytes in a single pass, without a tree, a map or a
 * {@code String} per field: for each needed field, where its value is and of which {@link Kind}.
 *
 * <p>Design: a scanner accepts only <i>plain</i> lines, a strict subset of what {@link LineParser}
 * accepts: printable ASCII (bytes {@code 0x20}–{@code 0x7e}); JSON as one flat object of at most
 * {@value #MAX_FIELDS} fields with unescaped string values, numbers, {@code true}, {@code false} or
 * {@code null}, spaces or tabs between tokens, no duplicate names; CSV without quotes, with as many
 * values as the header (or {@code source.columns}) names. {@link #scan} says false for any other
 * line, which then takes the general path (Jackson's tree, the CSV splitter) with its exact messages:
 * a plain line parses to the same values either way, so a scan never decides a line differently.
 * Cost: one pass over the bytes, no allocation.
 */
abstract class FieldScanner {

    /** The most fields a plain JSON line has; more goes the general way. */
    static final int MAX_FIELDS = 32;
    /** The longest number token a plain line has (the general parser refuses more than 200 characters). */
    private static final int MAX_NUMBER = 100;
    /** The longest field name of a plain JSON line (Jackson's limit is 50,000). */
    private static final int MAX_NAME = 1000;
    /** The longest string value of a plain JSON line (the general parser's limit is 1 MiB). */
    private static final int MAX_STRING = 1 << 20;

    /** What a needed field's value is. */
    enum Kind {
        /** The field is not in the line. */
        ABSENT,
        /** A JSON string (the range excludes the quotes) or a CSV value that is not empty. */
        TEXT,
        /** A JSON integer of at most 18 digits: {@code -?(0|[1-9][0-9]*)}. */
        INTEGER,
        /** A JSON number with a fraction, at most 18 digits, no exponent: {@code -?(0|[1-9][0-9]*)\.[0-9]+}. */
        DECIMAL,
        /** {@code true} or {@code false}. */
        BOOLEAN,
        /** {@code null}, an empty CSV value, or a number the scanner does not read (exponent, more digits). */
        OTHER
    }

    final String[] names;
    final Kind[] kind;
    final int[] start;
    final int[] end;

    FieldScanner(List<String> needed) {
        this.names = needed.toArray(String[]::new);
        this.kind = new Kind[names.length];
        this.start = new int[names.length];
        this.end = new int[names.length];
    }

    /** JSON lines. */
    static FieldScanner jsonl(List<String> needed) {
        return new Json(needed);
    }

    /** CSV lines whose fields {@code parser} names (after its header, for a header). */
    static FieldScanner csv(List<String> needed, LineParser parser) {
        return new Csv(needed, parser);
    }

    /** Whether {@code b[0, n)} is a plain line; then {@link #kind}, {@link #start}, {@link #end} describe each needed field. */
    abstract boolean scan(byte[] b, int n);

    /** A needed field's value as the general parser gives it: String, Long, BigDecimal (JSON), Boolean, or null. */
    abstract Object value(byte[] b, int field);

    private static final class Json extends FieldScanner {
        private final byte[][] wanted;
        private final int[] wantedHash;
        private final int[] nameStart = new int[MAX_FIELDS];
        private final int[] nameEnd = new int[MAX_FIELDS];
        private final int[] nameHash = new int[MAX_FIELDS];

        Json(List<String> needed) {
            super(needed);
            wanted = new byte[names.length][];
            wantedHash = new int[names.length];
            for (int i = 0; i < names.length; i++) {
                wanted[i] = names[i].getBytes(StandardCharsets.UTF_8);
                int h = 0;
                for (byte c : wanted[i]) {
                    h = 31 * h + c;
                }
                wantedHash[i] = h;
            }
        }

        @Override
        boolean scan(byte[] b, int n) {
            java.util.Arrays.fill(kind, Kind.ABSENT);
            if (n == 0 || b[0] != '{') {
                return false;
            }
            int i = ws(b, 1, n);
            if (i < n && b[i] == '}') {
                return ws(b, i + 1, n) == n;
            }
            int count = 0;
            while (true) {
                if (i >= n || b[i] != '"') {
                    return false;
                }
                int ns = ++i;
                int h = 0;
                while (i < n) {
                    byte c = b[i];
                    if (c == '"') {
                        break;
                    }
                    if (c < 0x20 || c > 0x7e || c == '\\') {
                        return false;
                    }
                    h = 31 * h + c;
                    i++;
                }
                if (i >= n || i - ns > MAX_NAME || count == MAX_FIELDS) {
                    return false;
                }
                int ne = i++;
                for (int j = 0; j < count; j++) {
                    if (nameHash[j] == h && same(b, nameStart[j], nameEnd[j], ns, ne)) {
                        return false; // a duplicate name: the general parser's error
                    }
                }
                nameStart[count] = ns;
                nameEnd[count] = ne;
                nameHash[count] = h;
                count++;
                int field = -1;
                for (int w = 0; w < wanted.length; w++) {
                    if (wantedHash[w] == h && wanted[w].length == ne - ns && same(b, ns, wanted[w])) {
                        field = w;
                        break;
                    }
                }
                i = ws(b, i, n);
                if (i >= n || b[i] != ':') {
                    return false;
                }
                i = ws(b, i + 1, n);
                if (i >= n) {
                    return false;
                }
                byte c = b[i];
                int vs = i;
                Kind k;
                if (c == '"') {
                    vs = ++i;
                    while (i < n) {
                        byte d = b[i];
                        if (d == '"') {
                            break;
                        }
                        if (d < 0x20 || d > 0x7e || d == '\\') {
                            return false;
                        }
                        i++;
                    }
                    if (i >= n || i - vs > MAX_STRING) {
                        return false;
                    }
                    k = Kind.TEXT;
                    setField(field, k, vs, i);
                    i++;
                } else if (c == '-' || c >= '0' && c <= '9') {
                    int e = number(b, i, n);
                    if (e < 0) {
                        return false;
                    }
                    setField(field, numberKind, vs, e);
                    i = e;
                } else if (word(b, i, n, TRUE) || word(b, i, n, NULL)) {
                    setField(field, c == 't' ? Kind.BOOLEAN : Kind.OTHER, i, i + 4);
                    i += 4;
                } else if (word(b, i, n, FALSE)) {
                    setField(field, Kind.BOOLEAN, i, i + 5);
                    i += 5;
                } else {
                    return false; // nested, or not JSON
                }
                i = ws(b, i, n);
                if (i >= n) {
                    return false;
                }
                if (b[i] == ',') {
                    i = ws(b, i + 1, n);
                } else if (b[i] == '}') {
                    return ws(b, i + 1, n) == n;
                } else {
                    return false;
                }
            }
        }

        private void setField(int field, Kind k, int s, int e) {
            if (field >= 0) {
                kind[field] = k;
                start[field] = s;
                end[field] = e;
            }
        }

        private Kind numberKind;

        /** The end of the JSON number at {@code i}, setting {@link #numberKind}; -1 if it is not one (or too long). */
        private int number(byte[] b, int i, int n) {
            int s = i;
            if (b[i] == '-') {
                i++;
            }
            if (i >= n || b[i] < '0' || b[i] > '9') {
                return -1;
            }
            int digits = 0;
            if (b[i] == '0') {
                i++;
                digits++;
            } else {
                while (i < n && b[i] >= '0' && b[i] <= '9') {
                    i++;
                    digits++;
                }
            }
            boolean fraction = false;
            if (i < n && b[i] == '.') {
                i++;
                int f = i;
                while (i < n && b[i] >= '0' && b[i] <= '9') {
                    i++;
                }
                if (i == f) {
                    return -1;
                }
                digits += i - f;
                fraction = true;
            }
            boolean exponent = false;
            if (i < n && (b[i] == 'e' || b[i] == 'E')) {
                i++;
                if (i < n && (b[i] == '+' || b[i] == '-')) {
                    i++;
                }
                int f = i;
                while (i < n && b[i] >= '0' && b[i] <= '9') {
                    i++;
                }
                if (i == f) {
                    return -1;
                }
                exponent = true;
            }
            if (i - s > MAX_NUMBER) {
                return -1;
            }
            numberKind = exponent || digits > 18 ? Kind.OTHER : fraction ? Kind.DECIMAL : Kind.INTEGER;
            return i;
        }

        @Override
        Object value(byte[] b, int field) {
            return switch (kind[field]) {
                case TEXT -> new String(b, start[field], end[field] - start[field], StandardCharsets.ISO_8859_1);
                case INTEGER -> parseLong(b, start[field], end[field]);
                case DECIMAL -> jsonDecimal(b, start[field], end[field]);
                case BOOLEAN -> b[start[field]] == 't';
                default -> null;
            };
        }
    }

    private static final class Csv extends FieldScanner {
        private final LineParser parser;
        private List<String> columnsSeen;
        private int[] column;
        private int columns;
        private final int[] valueStart;
        private final int[] valueEnd;

        Csv(List<String> needed, LineParser parser) {
            super(needed);
            this.parser = parser;
            valueStart = new int[MAX_FIELDS];
            valueEnd = new int[MAX_FIELDS];
        }

        /** Maps each needed field to its column (the last of that name, as the general parser's map keeps it). */
        private boolean columns() {
            List<String> n = parser.fieldNames();
            if (n == null || n.size() > MAX_FIELDS) {
                return false;
            }
            if (n != columnsSeen) {
                columnsSeen = n;
                columns = n.size();
                column = new int[names.length];
                for (int f = 0; f < names.length; f++) {
                    column[f] = n.lastIndexOf(names[f]);
                }
            }
            return true;
        }

        @Override
        boolean scan(byte[] b, int n) {
            if (!columns()) {
                return false;
            }
            int v = 0;
            int s = 0;
            for (int i = 0; i <= n; i++) {
                if (i == n || b[i] == ',') {
                    if (v == columns) {
                        return false; // more values than names
                    }
                    valueStart[v] = s;
                    valueEnd[v] = i;
                    v++;
                    s = i + 1;
                } else {
                    byte c = b[i];
                    if (c < 0x20 || c > 0x7e || c == '"') {
                        return false;
                    }
                }
            }
            if (v != columns) {
                return false;
            }
            for (int f = 0; f < names.length; f++) {
                int c = column[f];
                if (c < 0) {
                    kind[f] = Kind.ABSENT;
                } else {
                    start[f] = valueStart[c];
                    end[f] = valueEnd[c];
                    kind[f] = end[f] > start[f] ? Kind.TEXT : Kind.OTHER;
                }
            }
            return true;
        }

        @Override
        Object value(byte[] b, int field) {
            return kind[field] == Kind.TEXT ? new String(b, start[field], end[field] - start[field], StandardCharsets.ISO_8859_1) : null;
        }
    }

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private static int ws(byte[] b, int i, int n) {
        while (i < n && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    private static boolean word(byte[] b, int i, int n, byte[] w) {
        if (n - i < w.length) {
            return false;
        }
        for (int j = 0; j < w.length; j++) {
            if (b[i + j] != w[j]) {
                return false;
            }
        }
        return true;
    }

    private static boolean same(byte[] b, int s1, int e1, int s2, int e2) {
        return java.util.Arrays.equals(b, s1, e1, b, s2, e2);
    }

    private static boolean same(byte[] b, int s, byte[] w) {
        return java.util.Arrays.equals(b, s, s + w.length, w, 0, w.length);
    }

    /** The integer {@code -?[0-9]+} of at most 18 digits in {@code b[s, e)}. */
    static long parseLong(byte[] b, int s, int e) {
        boolean neg = b[s] == '-';
        long v = 0;
        for (int i = neg ? s + 1 : s; i < e; i++) {
            v = v * 10 + (b[i] - '0');
        }
        return neg ? -v : v;
    }

    /**
     * {@code b[s, e)}, a decimal {@code -?[0-9]+(\.[0-9]+)?} of at most 18 digits, into {@code units[i]}
     * and {@code scales[i]} (the decimal {@code units × 10^-scale}): as {@code new BigDecimal(text)} gives
     * it (its scale is the digits after the point), or with {@code strip} as {@link #jsonDecimal} (trailing
     * zeros stripped: 100.0 is 1E+2, 0.00 is 0).
     */
    static void decimal(byte[] b, int s, int e, boolean strip, long[] units, int[] scales, int i) {
        boolean neg = b[s] == '-';
        long v = 0;
        int scale = -1;
        for (int j = neg ? s + 1 : s; j < e; j++) {
            byte c = b[j];
            if (c == '.') {
                scale = 0;
            } else {
                v = v * 10 + (c - '0');
                if (scale >= 0) {
                    scale++;
                }
            }
        }
        scale = Math.max(scale, 0);
        if (strip && b[e - 1] == '0') {
            if (v == 0) {
                scale = 0;
            }
            while (v != 0 && v % 10 == 0) {
                v /= 10;
                scale--;
            }
        }
        units[i] = neg ? -v : v;
        scales[i] = scale;
    }

    /**
     * Whether {@code b[s, e)} is a number the general path reads from text with exactly
     * {@link #decimal}'s value: {@code -?[0-9]+(\.[0-9]+)?} with at most 18 digits ({@link Kind#INTEGER}
     * without a point, {@link Kind#DECIMAL} with one); else {@link Kind#OTHER}.
     */
    static Kind numberText(byte[] b, int s, int e) {
        int i = s < e && b[s] == '-' ? s + 1 : s;
        int digits = 0;
        int point = -1;
        for (; i < e; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                digits++;
            } else if (c == '.' && point < 0) {
                point = i;
            } else {
                return Kind.OTHER;
            }
        }
        if (digits == 0 || digits > 18 || point >= 0 && (point == e - 1 || point == s || b[point - 1] == '-')) {
            return Kind.OTHER;
        }
        return point < 0 ? Kind.INTEGER : Kind.DECIMAL;
    }

    /** A JSON fraction as the general parser gives it: Jackson's exact decimal without trailing zeros. */
    static java.math.BigDecimal jsonDecimal(byte[] b, int s, int e) {
        long[] units = new long[1];
        int[] scales = new int[1];
        decimal(b, s, e, true, units, scales, 0);
        return java.math.BigDecimal.valueOf(units[0], scales[0]);
    }
}
