package io.tidemark.cli.reconcile;

import com.fasterxml.jackson.databind.JsonNode;
import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.cli.io.LineParser;
import io.tidemark.cli.output.FileOutputType;
import io.tidemark.cli.output.JdbcOutputType;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads back what a job wrote: its results (a JSON-lines or CSV file with the corrections file beside
 * it, or a table) and its late records (a file of the lines as read, or the late store's table).
 */
public final class Stores {

    private Stores() {}

    /**
     * The job's results as a table would hold them: each window's last row, without the rows a later
     * row replaced (merged sessions); for a results file, with its corrections file applied after it.
     */
    public static TreeMap<WindowKey, WindowTotals> results(JobConfig job) throws IOException {
        OutputSpec spec = job.outputs().get(OutputContext.Role.RESULTS);
        TreeMap<WindowKey, WindowTotals> rows = new TreeMap<>();
        if (spec instanceof JdbcOutputType.Spec db) {
            readTable(job, db, rows);
        } else if (spec != null && spec.file() != null) {
            readFile(job, spec.file(), spec.type(), rows, true);
            Path corrections = FileOutputType.correctionsFile(spec.file());
            if (Files.exists(corrections)) {
                readFile(job, corrections, spec.type(), rows, false);
            }
        } else {
            throw new ConfigException("output.results", "the results are read back from a file (jsonl, csv) or a table "
                    + "(jdbc), not from " + (spec == null ? "nowhere" : spec.describe()));
        }
        return rows;
    }

    /** The results file alone, without its corrections (what the job itself wrote). */
    static TreeMap<WindowKey, WindowTotals> resultsFile(JobConfig job, Path file, String type) throws IOException {
        TreeMap<WindowKey, WindowTotals> rows = new TreeMap<>();
        readFile(job, file, type, rows, true, null);
        return rows;
    }

    /** Each window's last line in {@code file} (a corrections file), if the file exists. */
    static TreeMap<WindowKey, String> lines(JobConfig job, Path file, String type) throws IOException {
        TreeMap<WindowKey, String> lines = new TreeMap<>();
        if (Files.exists(file)) {
            readFile(job, file, type, new TreeMap<>(), false, lines);
        }
        return lines;
    }

    private static void readFile(JobConfig job, Path file, String type, Map<WindowKey, WindowTotals> rows, boolean mustExist)
            throws IOException {
        readFile(job, file, type, rows, mustExist, null);
    }

    private static void readFile(JobConfig job, Path file, String type, Map<WindowKey, WindowTotals> rows, boolean mustExist,
            Map<WindowKey, String> lines) throws IOException {
        if (!Files.exists(file) && mustExist) {
            throw new IOException("the results file " + file + " does not exist: run the job first");
        }
        boolean csv = type.equals("csv");
        LineParser parser = csv ? LineParser.csv(null) : LineParser.jsonl();
        List<String> values = valueNames(job);
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            boolean first = true;
            long number = 0;
            while ((line = r.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                if (csv && first) {
                    parser.header(line);
                    first = false;
                    continue;
                }
                Map<String, Object> f;
                try {
                    f = parser.parse(line);
                } catch (LineParser.ParseException e) {
                    throw new IOException(file + ":" + number + ": not a result: " + e.getMessage());
                }
                List<String> key = new ArrayList<>();
                for (String k : job.keyBy()) {
                    key.add(csv ? String.valueOf(f.get(k)) : text(((JsonNode) f.get("key")).get(k)));
                }
                long start = LineInterpreter.number(f.get("window_start")).longValueExact();
                long end = LineInterpreter.number(f.get("window_end")).longValueExact();
                Object replaces = f.get("replaces");
                if (replaces != null) {
                    JsonNode spans = replaces instanceof JsonNode n ? n : LineParser.JSON.readTree(replaces.toString());
                    for (JsonNode s : spans) {
                        rows.remove(new WindowKey(key, s.get(0).asLong(), s.get(1).asLong()));
                    }
                }
                BigDecimal[] v = new BigDecimal[values.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = LineInterpreter.number(f.get(values.get(i)));
                }
                rows.put(new WindowKey(key, start, end), totals(values, v));
                if (lines != null) {
                    lines.put(new WindowKey(key, start, end), line);
                }
            }
        }
    }

    /**
     * The rows of the job's results table that {@code tidemark backfill} wrote (timing CORRECTION); 0 when
     * the results are not a table, or the table does not exist yet.
     */
    public static long corrections(JobConfig job) {
        if (!(job.outputs().results() instanceof JdbcOutputType.Spec db)) {
            return 0;
        }
        String sql = "SELECT COUNT(*) FROM " + db.connection().dialect().tableName(db.table()) + " WHERE \"timing\" = ?";
        try (Connection c = db.connection().connect(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, Backfill.CORRECTION);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        } catch (SQLException e) {
            return 0; // no such table yet (a database that cannot be reached fails the run itself, naming it)
        }
    }

    private static void readTable(JobConfig job, JdbcOutputType.Spec db, Map<WindowKey, WindowTotals> rows) throws IOException {
        List<String> values = valueNames(job);
        List<String> cols = new ArrayList<>();
        for (String k : job.keyBy()) {
            cols.add(quote(k));
        }
        cols.add("\"window_start\"");
        cols.add("\"window_end\"");
        for (String v : values) {
            cols.add(quote(v));
        }
        String sql = "SELECT " + String.join(", ", cols) + " FROM " + db.connection().dialect().tableName(db.table());
        try (Connection c = db.connection().connect(); PreparedStatement s = c.prepareStatement(sql); ResultSet rs = s.executeQuery()) {
            int n = job.keyBy().size();
            while (rs.next()) {
                List<String> key = new ArrayList<>();
                for (int i = 1; i <= n; i++) {
                    key.add(rs.getString(i));
                }
                BigDecimal[] v = new BigDecimal[values.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = rs.getBigDecimal(n + 3 + i);
                }
                rows.put(new WindowKey(key, rs.getLong(n + 1), rs.getLong(n + 2)), totals(values, v));
            }
        } catch (SQLException e) {
            throw new IOException("cannot read the results from table " + db.table() + " at " + db.connection() + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * The job's late records: from the late store's table, or from a file of late lines (interpreted
     * again with the job's rules). Empty when the job writes no late output.
     */
    public static List<LateRow> late(JobConfig job) throws IOException {
        OutputSpec spec = job.outputs().get(OutputContext.Role.LATE);
        List<LateRow> rows = new ArrayList<>();
        if (spec == null) {
            return rows;
        }
        if (spec instanceof JdbcOutputType.Spec db) {
            List<String> cols = new ArrayList<>(List.of("\"record_id\"", "\"event_time\"", "\"arrival_time\"", "\"record\""));
            for (String k : job.keyBy()) {
                cols.add(quote(k));
            }
            String sql = "SELECT " + String.join(", ", cols) + " FROM " + db.connection().dialect().tableName(db.table())
                    + " ORDER BY \"event_time\"";
            try (Connection c = db.connection().connect(); PreparedStatement s = c.prepareStatement(sql);
                    ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    List<String> key = new ArrayList<>();
                    for (int i = 0; i < job.keyBy().size(); i++) {
                        key.add(rs.getString(5 + i));
                    }
                    rows.add(new LateRow(key, rs.getLong(2), rs.getLong(3), rs.getString(1), rs.getString(4)));
                }
            } catch (SQLException e) {
                throw new IOException("cannot read the late records from table " + db.table() + " at " + db.connection() + ": "
                        + e.getMessage(), e);
            }
            return rows;
        }
        if (spec.file() == null) {
            throw new ConfigException("output.late", "late records are read back from a file or a table, not from "
                    + spec.describe());
        }
        if (!Files.exists(spec.file())) {
            return rows;
        }
        LineInterpreter interpreter = new LineInterpreter(job.source(), job.eventTime(), job.keyBy(), job.aggregates(), "all",
                io.tidemark.cli.io.TextLimits.of(job));
        Line line = new Line();
        long number = 0;
        for (String text : Files.readAllLines(spec.file(), StandardCharsets.UTF_8)) {
            number++;
            line.set(text.getBytes(StandardCharsets.UTF_8), Integer.MAX_VALUE);
            if (interpreter.interpret(line, spec.file().toString(), number) instanceof LineInterpreter.Candidate c) {
                rows.add(new LateRow(BatchGroupBy.text(c.event().key()), c.event().timestamp(), c.arrival(), null, text));
            }
        }
        return rows;
    }

    static List<String> valueNames(JobConfig job) {
        return job.aggregates().stream().map(a -> a.outputName()).toList();
    }

    private static WindowTotals totals(List<String> names, BigDecimal[] v) {
        int count = names.indexOf("count");
        return new WindowTotals(count >= 0 && v[count] != null ? v[count].longValueExact() : -1, v);
    }

    private static String text(JsonNode n) {
        return n == null ? "null" : n.isTextual() ? n.asText() : n.toString();
    }

    private static String quote(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }
}
