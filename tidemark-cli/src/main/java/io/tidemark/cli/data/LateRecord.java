package io.tidemark.cli.data;

import java.io.Serializable;
import java.util.List;

/**
 * A record that arrived after its windows' allowed lateness: its line exactly as read (without the
 * line terminator), where it came from, and its 1-based line number there; and what the late store
 * keeps beside it: its key, event time, arrival time and the windows it missed.
 *
 * @param key the key-by fields' values, each as a JSON literal
 * @param eventTime its event time, epoch ms
 * @param arrival when it arrived, epoch ms: its arrival-time field in replay mode, else processing time
 * @param watermark the window operator's watermark when the record was found late
 * @param missed the windows it belongs to, all past their allowed lateness
 */
public record LateRecord(String text, String source, long line, List<String> key, long eventTime, long arrival,
        long watermark, List<Span> missed) implements OutputRecord, Serializable {

    private static final long serialVersionUID = 1L;

    public LateRecord {
        key = List.copyOf(key);
        missed = List.copyOf(missed);
    }
}
