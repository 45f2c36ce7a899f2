package io.tidemark.cli.data;

import java.io.Serializable;

/**
 * A record that arrived after its windows' allowed lateness: its line exactly as read (without the
 * line terminator), where it came from, and its 1-based line number there.
 */
public record LateRecord(String text, String source, long line) implements OutputRecord, Serializable {

    private static final long serialVersionUID = 1L;
}
