package io.tidemark.cli.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.spi.OutputContext;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * How records become lines: JSON lines or CSV rows. Numbers are exact decimals printed plainly, without a
 * fraction when whole ({@code 12}, {@code 12.5}, never {@code 12.0} or {@code 1.2E+1}). A late record is
 * its line as read, in either format. Every line is valid UTF-8 (see {@link Json}).
 */
public enum LineFormat {

    /** One JSON object per line. */
    JSONL {
        @Override
        public String header(OutputContext c) {
            return null;
        }

        @Override
        String result(WindowResult r, OutputContext c) {
            StringBuilder sb = new StringBuilder(160);
            sb.append("{\"key\": {");
            for (int i = 0; i < c.keyFields().size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(Json.string(c.keyFields().get(i))).append(": ").append(r.key().get(i));
            }
            sb.append("}, \"window_start\": ").append(r.windowStart());
            sb.append(", \"window_end\": ").append(r.windowEnd());
            for (int i = 0; i < c.valueNames().size(); i++) {
                sb.append(", ").append(Json.string(c.valueNames().get(i))).append(": ").append(number(r.values()[i]));
            }
            sb.append(", \"timing\": \"").append(r.timing()).append('"');
            sb.append(", \"firing\": ").append(r.firing());
            sb.append(", \"watermark\": ").append(r.watermark());
            if (c.sessions()) {
                sb.append(", \"replaces\": [");
                for (int i = 0; i < r.replaces().size(); i++) {
                    Span s = r.replaces().get(i);
                    sb.append(i > 0 ? ", [" : "[").append(s.start()).append(", ").append(s.end()).append(']');
                }
                sb.append(']');
            }
            return Json.escapeLoneSurrogates(sb.append('}').toString());
        }

        @Override
        String deadLetter(DeadLetter d) {
            return "{\"reason\": " + Json.string(d.reason()) + ", \"detail\": " + Json.string(d.detail()) + ", \"file\": "
                    + Json.string(d.source()) + ", \"line\": " + d.line() + ", \"text\": " + Json.string(d.text())
                    + (d.bytes() == null ? "" : ", \"bytes\": " + Json.string(d.bytes()))
                    + (d.kafka() == null ? "" : ", \"kafka\": {\"topic\": " + Json.string(d.kafka().topic()) + ", \"partition\": "
                            + d.kafka().partition() + ", \"offset\": " + d.kafka().offset() + "}") + "}";
        }
    },

    /** Comma-separated values with a header row; double quotes enclose a value with commas, quotes or line breaks. */
    CSV {
        @Override
        public String header(OutputContext c) {
            return switch (c.role()) {
                case RESULTS -> {
                    List<String> cols = new ArrayList<>(c.keyFields());
                    cols.add("window_start");
                    cols.add("window_end");
                    cols.addAll(c.valueNames());
                    cols.addAll(List.of("timing", "firing", "watermark"));
                    if (c.sessions()) {
                        cols.add("replaces");
                    }
                    yield String.join(",", cols.stream().map(LineFormat::csv).toList());
                }
                case DEAD_LETTER -> "reason,detail,file,line,text,bytes";
                case LATE -> null; // the input's own header, see FileOutput
            };
        }

        @Override
        String result(WindowResult r, OutputContext c) {
            List<String> cols = new ArrayList<>();
            for (String k : r.key()) {
                cols.add(csv(unquote(k)));
            }
            cols.add(Long.toString(r.windowStart()));
            cols.add(Long.toString(r.windowEnd()));
            for (int i = 0; i < c.valueNames().size(); i++) {
                cols.add(number(r.values()[i]));
            }
            cols.add(r.timing());
            cols.add(Integer.toString(r.firing()));
            cols.add(Long.toString(r.watermark()));
            if (c.sessions()) {
                StringBuilder sb = new StringBuilder("[");
                for (Span s : r.replaces()) {
                    sb.append(sb.length() > 1 ? ",[" : "[").append(s.start()).append(',').append(s.end()).append(']');
                }
                cols.add(csv(sb.append(']').toString()));
            }
            return Json.replaceLoneSurrogates(String.join(",", cols));
        }

        @Override
        String deadLetter(DeadLetter d) {
            return Json.replaceLoneSurrogates(String.join(",", csv(d.reason()), csv(d.detail()), csv(d.source()),
                    Long.toString(d.line()), csv(d.text()), d.bytes() == null ? "" : d.bytes()));
        }
    };

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The header line of an output in this format (null: none, or the input's for late records). */
    public abstract String header(OutputContext c);

    abstract String result(WindowResult r, OutputContext c);

    abstract String deadLetter(DeadLetter d);

    /** The line of {@code r}. */
    public String line(OutputRecord r, OutputContext c) {
        if (r instanceof WindowResult w) {
            return result(w, c);
        }
        if (r instanceof LateRecord l) {
            return l.text();
        }
        return deadLetter((DeadLetter) r);
    }

    public static String number(BigDecimal v) {
        if (v == null) {
            return "null";
        }
        if (v.signum() == 0) {
            return "0";
        }
        return v.stripTrailingZeros().toPlainString();
    }

    /** A JSON string literal's text; other literals unchanged. */
    static String unquote(String literal) {
        if (literal.startsWith("\"")) {
            try {
                return JSON.readValue(literal, String.class);
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
