package io.tidemark.cli.job;

import io.tidemark.cli.data.WindowResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The run's counters, kept by the command from what the job's functions send (thread-safe), per link
 * ({@link LinkCounts}; without checkpoints the command's handler counts every link as one, {@link #ALL}).
 * Results are counted as a store keyed by (key, window start, window end) would hold them: a firing
 * replaces its window's earlier row and the rows it names in {@code replaces}.
 *
 * <p>With checkpoints, a link's counts are taken at each of its barriers ({@link #barrier}) — they go
 * into the function's checkpoint — and a link that starts from a checkpoint starts from the counts it
 * kept there ({@link #restore}): so the counts are the whole job's, those of the restored checkpoint plus
 * this run's, whatever the runs before did after it. {@link #countsAt} gives the counts as of one
 * checkpoint (a stop's). Kept per link: the counts taken at its barriers since the checkpoint before the
 * latest it committed (two or three: checkpoints run one at a time), about a kilobyte each for a link of
 * results with 30 keys and a few open windows per key.
 */
final class RunStats {

    /** The link of the command's own handler (a run without checkpoints counts every link as one). */
    static final String ALL = "";

    private final long allowedLateness;
    private final Map<String, LinkCounts> links = new LinkedHashMap<>();
    /** Per link: its counts (encoded) at its recent barriers ({@link #committed}); at {@code Long.MIN_VALUE} those it restored. */
    private final Map<String, TreeMap<Long, byte[]>> barriers = new LinkedHashMap<>();
    /** Per link, the latest checkpoint it committed. */
    private final Map<String, Long> committed = new LinkedHashMap<>();
    /** The source's counts as the checkpoint the run resumed from had them (none: zeros). */
    private SourceCounts restoredSource = SourceCounts.NONE;

    /** With the job's {@code allowed-lateness} (ms): how long after its end a window may fire again. */
    RunStats(long allowedLateness) {
        this.allowedLateness = allowedLateness;
    }

    private LinkCounts link(String link) {
        return links.computeIfAbsent(link, l -> new LinkCounts(allowedLateness));
    }

    synchronized void source(String link, SourceCounts c) {
        link(link).source = c;
    }

    /** The source's counters so far (every link's summed: one link sends them). */
    synchronized SourceCounts source() {
        return sum(links.values());
    }

    synchronized void deadLetter(String link, String reason) {
        link(link).deadLetter(reason);
    }

    /** Dead letters so far by reason (a copy). */
    synchronized Map<String, Long> deadLetters() {
        return deadLetters(links.values());
    }

    /** The links' dead letters by reason, summed. */
    private static Map<String, Long> deadLetters(Iterable<LinkCounts> links) {
        Map<String, Long> all = new TreeMap<>();
        for (LinkCounts c : links) {
            c.deadLetters.forEach((reason, n) -> all.merge(reason, n, Long::sum));
        }
        return all;
    }

    synchronized void late(String link) {
        link(link).late++;
    }

    synchronized void result(String link, WindowResult r) {
        link(link).result(r);
        span(r);
    }

    /** The event time the run's window results spanned (this run's: not kept in checkpoints). */
    private long minWindowStart = Long.MAX_VALUE;
    private long maxWindowEnd = Long.MIN_VALUE;

    private void span(WindowResult r) {
        minWindowStart = Math.min(minWindowStart, r.windowStart());
        maxWindowEnd = Math.max(maxWindowEnd, r.windowEnd());
    }

    /** The earliest start of a window with a result this run (Long.MAX_VALUE: none). */
    synchronized long minWindowStart() {
        return minWindowStart;
    }

    /** The latest end of a window with a result this run (Long.MIN_VALUE: none). */
    synchronized long maxWindowEnd() {
        return maxWindowEnd;
    }

    /** Windows open at a stop and not written, and their records (a run without checkpoints: not per link). */
    private long openWindows;
    private long inOpenWindows;

    /** {@code r} fired a window still open at a stop; it is not written. */
    synchronized void openAtStop(WindowResult r) {
        span(r);
        openWindows++;
        inOpenWindows += r.count();
    }

    /**
     * {@code link} starts from a checkpoint whose counts it kept ({@code counts}, from {@link #barrier}):
     * its counts so far are replaced by them (what it sent after that checkpoint is sent again).
     */
    synchronized void restore(String link, byte[] counts) throws IOException {
        LinkCounts c = LinkCounts.decode(counts, allowedLateness);
        links.put(link, c);
        TreeMap<Long, byte[]> taken = new TreeMap<>();
        taken.put(Long.MIN_VALUE, counts);
        barriers.put(link, taken);
        if (c.source.lines() > 0) {
            restoredSource = c.source;
        }
    }

    /** Checkpoint {@code id}'s barrier on {@code link}: its counts now, which the function keeps in the checkpoint. */
    synchronized byte[] barrier(String link, long id) {
        byte[] counts = link(link).encode();
        barriers.computeIfAbsent(link, l -> new TreeMap<>()).put(id, counts);
        return counts;
    }

    /**
     * {@code link} committed checkpoint {@code id}: the counts of its barriers before the checkpoint it
     * committed last are no longer asked for (a stop names one of the last two it committed).
     */
    synchronized void committed(String link, long id) {
        Long before = committed.put(link, id);
        TreeMap<Long, byte[]> taken = barriers.get(link);
        if (taken != null && before != null) {
            taken.headMap(Math.min(before, id), false).clear();
        }
    }

    /** The counts now. */
    synchronized RunReport.Counts counts(boolean sliding) {
        return counts(links.values(), sliding);
    }

    /**
     * The counts as of checkpoint {@code id}: each link's at its barrier of it (or its latest before, or
     * as restored; nothing for a link that started afresh and had no barrier); null when a link's are no
     * longer known.
     */
    synchronized RunReport.Counts countsAt(long id, boolean sliding) throws IOException {
        List<LinkCounts> at = new ArrayList<>();
        for (TreeMap<Long, byte[]> taken : barriers.values()) {
            Map.Entry<Long, byte[]> before = taken.floorEntry(id);
            if (before == null) {
                return null;
            }
            at.add(LinkCounts.decode(before.getValue(), allowedLateness));
        }
        return counts(at, sliding);
    }

    /** The records the source had read (not empty, not a header) in the checkpoint the run resumed from. */
    synchronized long restoredRecords() {
        return restoredSource.lines() - restoredSource.empty() - restoredSource.headers();
    }

    private static SourceCounts sum(Iterable<LinkCounts> links) {
        SourceCounts sum = SourceCounts.NONE;
        for (LinkCounts c : links) {
            sum = sum.plus(c.source);
        }
        return sum;
    }

    private RunReport.Counts counts(java.util.Collection<LinkCounts> links, boolean sliding) {
        SourceCounts source = sum(links);
        long inRows = 0;
        long windows = 0;
        long late = 0;
        long onTime = 0;
        long lateFirings = 0;
        long early = 0;
        long drained = 0;
        Map<String, Long> dead = deadLetters(links);
        for (LinkCounts c : links) {
            inRows += c.inRows();
            windows += c.windows();
            late += c.late;
            onTime += c.onTime;
            lateFirings += c.lateFirings;
            early += c.early;
            drained += c.drained;
        }
        // a sliding window holds a record several times: count the records that reached a window instead
        long inWindows = sliding ? source.accepted() - late - dead.getOrDefault(io.tidemark.cli.data.DeadLetter.NO_WINDOW, 0L) : inRows;
        return new RunReport.Counts(source.lines(), source.empty(), source.headers(), source.accepted(), inWindows, late, dead,
                onTime, lateFirings, early, windows, source.held(), drained, openWindows, inOpenWindows);
    }
}
