package io.tidemark.cli.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one line of input into fields. JSON lines: one object per line; numbers keep their exact
 * decimal value; numbers, strings and nesting are bounded ({@link #JSON}). CSV: fields named by the
 * header line or by {@code source.columns}; values are text, an empty value is a missing one; double
 * quotes enclose values with commas or quotes ({@code ""}).
 */
public abstract class LineParser {

    /**
     * Shared JSON settings: exact decimals, strict parsing; numbers of at most 200 characters, strings
     * of at most 1 MiB, nesting at most 64 deep (more is {@code unparsable}).
     */
    public static final ObjectMapper JSON;

    static {
        JSON = JsonMapper.builder()
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
                .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
                .build();
        JSON.getFactory().setStreamReadConstraints(StreamReadConstraints.builder()
                .maxNumberLength(200).maxStringLength(1 << 20).maxNestingDepth(64).build());
    }

    /** Why a line could not be parsed. */
    public static final class ParseException extends Exception {
        private static final long serialVersionUID = 1L;

        public ParseException(String message) {
            super(message, null, false, false);
        }
    }

    /** The fields of {@code line} (not blank). */
    public abstract Map<String, Object> parse(String line) throws ParseException;

    public static LineParser jsonl() {
        return new Jsonl();
    }

    /** CSV with the fields named by {@code columns}, or (null) by the header, given later to {@link #header}. */
    /** The field names a CSV header line gives (its values; a line that does not parse: split at every comma). */
    public static List<String> csvHeader(String line) {
        try {
            return Csv.split(line);
        } catch (ParseException e) {
            return List.of(line.split(",", -1));
        }
    }

    public static LineParser csv(List<String> columns) {
        return new Csv(columns);
    }

    /** The header line of a CSV input (consumed, not a record); it names the fields unless columns do. */
    public void header(String line) {}

    /** CSV: the names of the fields, in column order (null until a header named them); JSON: null. */
    List<String> fieldNames() {
        return null;
    }

    /** A JSON value as a plain Java value: String, Long/BigInteger, BigDecimal, Boolean, null, or the tree. */
    static Object plain(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return null;
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        if (n.isIntegralNumber()) {
            return n.canConvertToLong() ? (Object) n.longValue() : n.bigIntegerValue();
        }
        if (n.isNumber()) {
            return n.decimalValue();
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        return n;
    }

    private static final class Jsonl extends LineParser {
        @Override
        public Map<String, Object> parse(String line) throws ParseException {
            JsonNode tree;
            try {
                tree = JSON.readTree(line);
            } catch (Exception e) {
                String m = e.getMessage() == null ? e.toString() : e.getMessage();
                int nl = m.indexOf('\n');
                throw new ParseException("not valid JSON: " + (nl > 0 ? m.substring(0, nl) : m));
            }
            if (tree == null || !tree.isObject()) {
                throw new ParseException("not a JSON object");
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            for (Map.Entry<String, JsonNode> e : tree.properties()) {
                fields.put(e.getKey(), plain(e.getValue()));
            }
            return fields;
        }
    }

    private static final class Csv extends LineParser {
        private List<String> names;
        private final boolean fromColumns;

        Csv(List<String> columns) {
            this.names = columns;
            this.fromColumns = columns != null;
        }

        @Override
        List<String> fieldNames() {
            return names;
        }

        @Override
        public void header(String line) {
            if (!fromColumns) {
                names = csvHeader(line);
            }
        }

        @Override
        public Map<String, Object> parse(String line) throws ParseException {
            List<String> values = split(line);
            if (names == null) {
                throw new ParseException("no header line names the fields");
            }
            if (values.size() != names.size()) {
                throw new ParseException("has " + values.size() + " values but " + (fromColumns ? "source.columns names " : "the header names ")
                        + names.size() + " fields");
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            for (int i = 0; i < values.size(); i++) {
                String v = values.get(i);
                fields.put(names.get(i), v.isEmpty() ? null : v);
            }
            return fields;
        }

        static List<String> split(String line) throws ParseException {
            List<String> out = new ArrayList<>();
            StringBuilder cur = new StringBuilder();
            int i = 0;
            int n = line.length();
            while (true) {
                cur.setLength(0);
                if (i < n && line.charAt(i) == '"') {
                    i++;
                    boolean closed = false;
                    while (i < n) {
                        char c = line.charAt(i);
                        if (c == '"') {
                            if (i + 1 < n && line.charAt(i + 1) == '"') {
                                cur.append('"');
                                i += 2;
                            } else {
                                i++;
                                closed = true;
                                break;
                            }
                        } else {
                            cur.append(c);
                            i++;
                        }
                    }
                    if (!closed) {
                        throw new ParseException("unterminated quoted value");
                    }
                    if (i < n && line.charAt(i) != ',') {
                        throw new ParseException("text after a closing quote at column " + (i + 1));
                    }
                } else {
                    while (i < n && line.charAt(i) != ',') {
                        char c = line.charAt(i);
                        if (c == '"') {
                            throw new ParseException("a quote inside an unquoted value at column " + (i + 1));
                        }
                        cur.append(c);
                        i++;
                    }
                }
                out.add(cur.toString());
                if (i >= n) {
                    return out;
                }
                i++; // the comma
            }
        }
    }
}
