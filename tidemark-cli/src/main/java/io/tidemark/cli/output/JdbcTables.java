package io.tidemark.cli.output;

import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.connector.jdbc.JdbcTable;
import io.tidemark.connector.jdbc.SqlType;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables of the job's outputs. Column names are the record's field names, as in the JSON lines
 * (the key fields keep theirs, e.g. {@code "userId"}); key values are written as text (a string
 * without its quotes, a number as written).
 * <ul>
 *   <li>results: key fields, {@code window_start}, {@code window_end} (the primary key), the aggregates
 *       ({@code count} BIGINT, the others NUMERIC), {@code timing}, {@code firing}, {@code watermark};
 *       a session result deletes the rows it {@code replaces};
 *   <li>late: {@code record_id} ({@code FILE:LINE}, the primary key), key fields, {@code event_time},
 *       {@code arrival_time}, {@code watermark}, {@code missed_windows} ({@code [[start,end],…]}),
 *       {@code record} (the line as read);
 *   <li>dead letters: {@code file}, {@code line} (the primary key), {@code reason}, {@code detail},
 *       {@code text}, {@code bytes}. In a database whose text cannot hold U+0000 (PostgreSQL), a letter
 *       whose text holds one is stored with U+FFFD in its place and its exact bytes in {@code bytes}
 *       (base64 of its UTF-8), so that no dead letter is lost to the database; U+0000 in the detail
 *       becomes U+FFFD.
 * </ul>
 * The source makes a line whose key (or, for the late table, whose text) holds U+0000 a dead letter
 * when a table cannot store it ({@link io.tidemark.cli.io.TextLimits}).
 */
public final class JdbcTables {

    private JdbcTables() {}

    /** The table of output {@code c.role()}; {@code storesNul}: whether its database's text can hold U+0000. */
    public static JdbcTable<OutputRecord> of(String name, OutputContext c, boolean storesNul) {
        return switch (c.role()) {
            case RESULTS -> results(name, c.keyFields(), c.valueNames(), c.sessions());
            case LATE -> late(name, c.keyFields());
            case DEAD_LETTER -> deadLetters(name, storesNul);
        };
    }

    static JdbcTable<OutputRecord> results(String name, List<String> keyFields, List<String> valueNames, boolean sessions) {
        JdbcTable.Builder<OutputRecord> t = JdbcTable.builder(name);
        for (int i = 0; i < keyFields.size(); i++) {
            int k = i;
            t.key(keyFields.get(i), SqlType.TEXT, r -> LineFormat.unquote(((WindowResult) r).key().get(k)));
        }
        t.key("window_start", SqlType.BIGINT, r -> ((WindowResult) r).windowStart());
        t.key("window_end", SqlType.BIGINT, r -> ((WindowResult) r).windowEnd());
        for (int i = 0; i < valueNames.size(); i++) {
            int v = i;
            String n = valueNames.get(i);
            t.column(n, n.equals("count") ? SqlType.BIGINT : SqlType.NUMERIC, r -> ((WindowResult) r).values()[v]);
        }
        t.column("timing", SqlType.TEXT, r -> ((WindowResult) r).timing());
        t.column("firing", SqlType.INTEGER, r -> ((WindowResult) r).firing());
        t.column("watermark", SqlType.BIGINT, r -> ((WindowResult) r).watermark());
        if (sessions) {
            t.replaces(r -> {
                WindowResult w = (WindowResult) r;
                List<List<Object>> rows = new ArrayList<>();
                for (Span s : w.replaces()) {
                    List<Object> row = new ArrayList<>();
                    for (String k : w.key()) {
                        row.add(LineFormat.unquote(k));
                    }
                    row.add(s.start());
                    row.add(s.end());
                    rows.add(row);
                }
                return rows;
            });
        }
        return t.build();
    }

    static JdbcTable<OutputRecord> late(String name, List<String> keyFields) {
        JdbcTable.Builder<OutputRecord> t = JdbcTable.builder(name);
        t.key("record_id", SqlType.TEXT, r -> ((LateRecord) r).source() + ":" + ((LateRecord) r).line());
        for (int i = 0; i < keyFields.size(); i++) {
            int k = i;
            t.column(keyFields.get(i), SqlType.TEXT, r -> LineFormat.unquote(((LateRecord) r).key().get(k)));
        }
        t.column("event_time", SqlType.BIGINT, r -> ((LateRecord) r).eventTime());
        t.column("arrival_time", SqlType.BIGINT, r -> ((LateRecord) r).arrival());
        t.column("watermark", SqlType.BIGINT, r -> ((LateRecord) r).watermark());
        t.column("missed_windows", SqlType.TEXT, r -> spans(((LateRecord) r).missed()));
        t.column("record", SqlType.TEXT, r -> ((LateRecord) r).text());
        return t.build();
    }

    static JdbcTable<OutputRecord> deadLetters(String name, boolean storesNul) {
        return JdbcTable.<OutputRecord>builder(name)
                .key("file", SqlType.TEXT, r -> ((DeadLetter) r).source())
                .key("line", SqlType.BIGINT, r -> ((DeadLetter) r).line())
                .column("reason", SqlType.TEXT, r -> ((DeadLetter) r).reason())
                .column("detail", SqlType.TEXT, r -> storable(((DeadLetter) r).detail(), storesNul))
                .column("text", SqlType.TEXT, r -> storable(((DeadLetter) r).text(), storesNul))
                .column("bytes", SqlType.TEXT, r -> {
                    DeadLetter d = (DeadLetter) r;
                    return d.bytes() != null || storesNul || d.text() == null || d.text().indexOf('\u0000') < 0 ? d.bytes()
                            : java.util.Base64.getEncoder().encodeToString(d.text().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                })
                .build();
    }

    /** {@code text}, with U+FFFD for each U+0000 unless the database stores it. */
    private static String storable(String text, boolean storesNul) {
        return storesNul || text == null ? text : text.replace('\u0000', '\ufffd');
    }

    /** {@code [[start,end],…]}. */
    public static String spans(List<Span> spans) {
        StringBuilder sb = new StringBuilder("[");
        for (Span s : spans) {
            sb.append(sb.length() > 1 ? ",[" : "[").append(s.start()).append(',').append(s.end()).append(']');
        }
        return sb.append(']').toString();
    }
}
