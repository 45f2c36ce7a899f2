package io.tidemark.cli.job;

import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The run's counters, kept by the command from what the job's functions send (thread-safe). Results
 * are counted as a store keyed by (key, window start, window end) would hold them: a firing replaces
 * its window's earlier row and the rows it names in {@code replaces}.
 */
final class RunStats {

    private SourceCounts source = SourceCounts.NONE;
    private final Map<String, Long> deadLetters = new TreeMap<>();
    private long late;
    private long onTime;
    private long lateFirings;
    private long early;
    /** Per key, each window's count at its latest firing. */
    private final Map<List<String>, Map<Span, Long>> rows = new HashMap<>();

    synchronized void source(SourceCounts c) {
        source = c;
    }

    synchronized SourceCounts source() {
        return source;
    }

    synchronized void deadLetter(String reason) {
        deadLetters.merge(reason, 1L, Long::sum);
    }

    /** Dead letters so far by reason (a copy). */
    synchronized Map<String, Long> deadLetters() {
        return new TreeMap<>(deadLetters);
    }

    synchronized void late() {
        late++;
    }

    synchronized void result(WindowResult r) {
        switch (r.timing()) {
            case "ON_TIME" -> onTime++;
            case "LATE" -> lateFirings++;
            default -> early++;
        }
        Map<Span, Long> key = rows.computeIfAbsent(r.key(), k -> new HashMap<>());
        for (Span s : r.replaces()) {
            key.remove(s);
        }
        key.put(r.span(), r.count());
    }

    /** A snapshot of the counts. */
    synchronized RunReport.Counts counts(boolean sliding) {
        long inRows = 0;
        long windows = 0;
        for (Map<Span, Long> key : rows.values()) {
            windows += key.size();
            for (long c : key.values()) {
                inRows += c;
            }
        }
        Map<String, Long> dead = new TreeMap<>(deadLetters);
        // a sliding window holds a record several times: count the records that reached a window instead
        long inWindows = sliding ? source.accepted() - late - dead.getOrDefault(io.tidemark.cli.data.DeadLetter.NO_WINDOW, 0L) : inRows;
        return new RunReport.Counts(source.lines(), source.empty(), source.headers(), source.accepted(), inWindows, late, dead,
                onTime, lateFirings, early, windows);
    }
}
