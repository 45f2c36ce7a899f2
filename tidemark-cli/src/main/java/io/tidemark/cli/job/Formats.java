package io.tidemark.cli.job;

import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.OutputSpec;
import io.tidemark.cli.io.DeadLetter;
import io.tidemark.cli.io.LineParser;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * How records are written. Numbers are exact decimals printed plainly, without a fraction when whole
 * ({@code 12}, {@code 12.5}, never {@code 12.0} or {@code 1.2E+1}).
 */
public final class Formats {

    private Formats() {}

    public static String number(BigDecimal v) {
        if (v == null) {
            return "null";
        }
        if (v.signum() == 0) {
            return "0";
        }
        return v.stripTrailingZeros().toPlainString();
    }

    static String jsonString(String s) {
        try {
            return LineParser.JSON.writeValueAsString(s);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The CSV header of the results: key fields, window bounds, aggregates, timing, firing, watermark. */
    public static String resultHeader(List<String> keyBy, List<AggregateSpec> aggregates) {
        List<String> cols = new ArrayList<>(keyBy);
        cols.add("window_start");
        cols.add("window_end");
        for (AggregateSpec a : aggregates) {
            cols.add(a.outputName());
        }
        cols.add("timing");
        cols.add("firing");
        cols.add("watermark");
        List<String> quoted = new ArrayList<>();
        for (String c : cols) {
            quoted.add(csv(c));
        }
        return String.join(",", quoted);
    }

    /**
     * One result record. JSON key order: {@code key, window_start, window_end}, the aggregates in
     * {@code aggregate} order, {@code timing, firing, watermark}.
     */
    public static String result(WindowResult r, List<String> keyBy, List<AggregateSpec> aggregates, OutputSpec.Type type) {
        if (type == OutputSpec.Type.CSV) {
            List<String> cols = new ArrayList<>();
            for (String k : r.key()) {
                cols.add(csv(unquote(k)));
            }
            cols.add(Long.toString(r.windowStart()));
            cols.add(Long.toString(r.windowEnd()));
            for (int i = 0; i < aggregates.size(); i++) {
                cols.add(number(r.values()[i]));
            }
            cols.add(r.timing());
            cols.add(Integer.toString(r.firing()));
            cols.add(Long.toString(r.watermark()));
            return String.join(",", cols);
        }
        StringBuilder sb = new StringBuilder(160);
        sb.append("{\"key\": {");
        for (int i = 0; i < keyBy.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(jsonString(keyBy.get(i))).append(": ").append(r.key().get(i));
        }
        sb.append("}, \"window_start\": ").append(r.windowStart());
        sb.append(", \"window_end\": ").append(r.windowEnd());
        for (int i = 0; i < aggregates.size(); i++) {
            sb.append(", ").append(jsonString(aggregates.get(i).outputName())).append(": ").append(number(r.values()[i]));
        }
        sb.append(", \"timing\": \"").append(r.timing()).append('"');
        sb.append(", \"firing\": ").append(r.firing());
        sb.append(", \"watermark\": ").append(r.watermark());
        return sb.append('}').toString();
    }

    public static String deadLetterHeader() {
        return "reason,detail,file,line,text";
    }

    /** A dead letter: reason, detail, file, line and the original text. */
    public static String deadLetter(DeadLetter d, OutputSpec.Type type) {
        if (type == OutputSpec.Type.CSV) {
            return String.join(",", csv(d.reason()), csv(d.detail()), csv(d.source()), Long.toString(d.line()), csv(d.text()));
        }
        return "{\"reason\": " + jsonString(d.reason()) + ", \"detail\": " + jsonString(d.detail()) + ", \"file\": "
                + jsonString(d.source()) + ", \"line\": " + d.line() + ", \"text\": " + jsonString(d.text()) + "}";
    }

    /** A JSON string literal's text; other literals unchanged. */
    static String unquote(String literal) {
        if (literal.startsWith("\"")) {
            try {
                return LineParser.JSON.readValue(literal, String.class);
            } catch (Exception e) {
                return literal;
            }
        }
        return literal;
    }

    static String csv(String v) {
        if (v.indexOf(',') < 0 && v.indexOf('"') < 0 && v.indexOf('\n') < 0 && v.indexOf('\r') < 0) {
            return v;
        }
        return '"' + v.replace("\"", "\"\"") + '"';
    }
}
