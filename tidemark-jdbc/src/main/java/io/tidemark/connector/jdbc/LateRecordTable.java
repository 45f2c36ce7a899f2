package io.tidemark.connector.jdbc;

import io.tidemark.api.java.functions.KeySelector;
import io.tidemark.streaming.api.windowing.assigners.WindowAssigner;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.Objects;

/**
 * The late store: a {@link JdbcTable} for the records a window operator sent to its late side output
 * (the seeds' 补数表), one row per record:
 *
 * <table>
 *   <caption>columns</caption>
 *   <tr><td>{@code record_id}</td><td>TEXT, key</td><td>what identifies the record; by default a SHA-256 of
 *       its key, event time and text, so writing it again is harmless (identical records share one row)</td></tr>
 *   <tr><td>{@code key}</td><td>TEXT</td><td>its key, as text</td></tr>
 *   <tr><td>{@code event_time}</td><td>BIGINT</td><td>its event time (epoch ms)</td></tr>
 *   <tr><td>{@code arrival_time}</td><td>BIGINT</td><td>when it reached the sink: processing time (epoch ms),
 *       or the value {@link Builder#arrivalTime} gives</td></tr>
 *   <tr><td>{@code watermark}</td><td>BIGINT</td><td>the watermark then</td></tr>
 *   <tr><td>{@code missed_windows}</td><td>TEXT</td><td>the windows it belonged to, {@code [[start,end],…]}
 *       (epoch ms, end exclusive)</td></tr>
 *   <tr><td>{@code record}</td><td>TEXT</td><td>the original record</td></tr>
 * </table>
 */
public final class LateRecordTable {

    public static final String RECORD_ID = "record_id";
    public static final String KEY = "key";
    public static final String EVENT_TIME = "event_time";
    public static final String ARRIVAL_TIME = "arrival_time";
    public static final String WATERMARK = "watermark";
    public static final String MISSED_WINDOWS = "missed_windows";
    public static final String RECORD = "record";

    private LateRecordTable() {}

    public static <T> Builder<T> builder(String table) {
        return new Builder<>(table);
    }

    /** {@code [[start,end],[start,end]]}: the windows as JSON arrays of epoch milliseconds. */
    public static String windows(Collection<TimeWindow> windows) {
        StringBuilder sb = new StringBuilder("[");
        for (TimeWindow w : windows) {
            if (sb.length() > 1) {
                sb.append(',');
            }
            sb.append('[').append(w.getStart()).append(',').append(w.getEnd()).append(']');
        }
        return sb.append(']').toString();
    }

    /** Hex SHA-256 of the parts, each followed by a zero byte. */
    static String digest(Object... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (Object p : parts) {
                md.update(String.valueOf(p).getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            StringBuilder hex = new StringBuilder();
            for (byte b : md.digest()) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An assigner's view of the sink's context (processing time). */
    private static final class AssignerContext extends WindowAssigner.WindowAssignerContext {
        private final io.tidemark.streaming.api.functions.sink.SinkFunction.Context ctx;

        AssignerContext(io.tidemark.streaming.api.functions.sink.SinkFunction.Context ctx) {
            this.ctx = ctx;
        }

        @Override
        public long getCurrentProcessingTime() {
            return ctx.currentProcessingTime();
        }
    }

    /** Builds the late store's table; the key and the window assigner are required. */
    public static final class Builder<T> {
        private final String table;
        private KeySelector<T, ?> key;
        private RecordValue<T> record = String::valueOf;
        private RecordValue<T> id;
        private RecordValue<T> arrivalTime;
        private WindowAssigner<? super T, TimeWindow> assigner;

        private Builder(String table) {
            this.table = table;
        }

        /** The record's key (written as text). */
        public Builder<T> key(KeySelector<T, ?> key) {
            this.key = Objects.requireNonNull(key);
            return this;
        }

        /** The record's text (default: {@code toString()}). */
        public Builder<T> record(RecordValue<T> text) {
            this.record = Objects.requireNonNull(text);
            return this;
        }

        /** What identifies a record (default: a digest of its key, event time and text). */
        public Builder<T> id(RecordValue<T> id) {
            this.id = Objects.requireNonNull(id);
            return this;
        }

        /** The record's arrival time in epoch ms (default: the sink's processing time). */
        public Builder<T> arrivalTime(RecordValue<T> arrival) {
            this.arrivalTime = Objects.requireNonNull(arrival);
            return this;
        }

        /** The window operator's assigner: it names the windows each late record missed. */
        public Builder<T> missedWindows(WindowAssigner<? super T, TimeWindow> assigner) {
            this.assigner = Objects.requireNonNull(assigner);
            return this;
        }

        public JdbcTable<T> build() {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(assigner, "missedWindows");
            return table(table, key, record, id, arrivalTime, assigner);
        }

        /** (Static, so the table's functions capture no builder.) */
        private static <T> JdbcTable<T> table(String table, KeySelector<T, ?> k, RecordValue<T> text, RecordValue<T> ident,
                RecordValue<T> arrival, WindowAssigner<? super T, TimeWindow> a) {
            return JdbcTable.<T>builder(table)
                    .contextKey(RECORD_ID, SqlType.TEXT, (r, ctx) -> ident != null ? ident.of(r)
                            : digest(k.getKey(r), ctx.timestamp(), text.of(r)))
                    .column(KEY, SqlType.TEXT, r -> String.valueOf(k.getKey(r)))
                    .contextColumn(EVENT_TIME, SqlType.BIGINT, (r, ctx) -> ctx.timestamp())
                    .contextColumn(ARRIVAL_TIME, SqlType.BIGINT, (r, ctx) -> arrival != null ? arrival.of(r)
                            : ctx.currentProcessingTime())
                    .contextColumn(WATERMARK, SqlType.BIGINT, (r, ctx) -> ctx.currentWatermark())
                    .contextColumn(MISSED_WINDOWS, SqlType.TEXT, (r, ctx) -> ctx.timestamp() == null ? "[]"
                            : windows(a.assignWindows(r, ctx.timestamp(), new AssignerContext(ctx))))
                    .column(RECORD, SqlType.TEXT, text)
                    .build();
        }
    }
}
