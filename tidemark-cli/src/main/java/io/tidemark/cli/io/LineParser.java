package io.tidemark.cli.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns one line of input into fields. JSON lines: one object per line; numbers keep their exact
 * decimal value. CSV: the first non-blank line is the header that names the fields; values are text,
 * an empty value is a missing one; double quotes enclose values with commas or quotes ({@code ""}).
 */
public abstract class LineParser {

    /** Shared JSON settings: exact decimals, strict parsing, plain (non-scientific) decimals on output. */
    public static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();

    /** Why a line could not be parsed. */
    public static final class ParseException extends Exception {
        private static final long serialVersionUID = 1L;

        public ParseException(String message) {
            super(message);
        }
    }

    /**
     * Whether {@code line} is a header to remember rather than a record (true once, for CSV's first
     * non-blank line).
     */
    public boolean consumeHeader(String line) {
        return false;
    }

    /** The fields of {@code line} (which is not blank). */
    public abstract Map<String, Object> parse(String line) throws ParseException;

    public static LineParser jsonl() {
        return new Jsonl();
    }

    public static LineParser csv() {
        return new Csv();
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
            Iterator<Map.Entry<String, JsonNode>> it = tree.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                fields.put(e.getKey(), plain(e.getValue()));
            }
            return fields;
        }
    }

    private static final class Csv extends LineParser {
        private List<String> header;

        @Override
        public boolean consumeHeader(String line) {
            if (header != null) {
                return false;
            }
            try {
                header = split(line);
            } catch (ParseException e) {
                header = List.of(line.split(",", -1));
            }
            return true;
        }

        /** The header's field names (null before the header). */
        @Override
        public Map<String, Object> parse(String line) throws ParseException {
            List<String> values = split(line);
            if (values.size() != header.size()) {
                throw new ParseException("has " + values.size() + " values but the header names " + header.size() + " fields");
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            for (int i = 0; i < values.size(); i++) {
                String v = values.get(i);
                fields.put(header.get(i), v.isEmpty() ? null : v);
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
