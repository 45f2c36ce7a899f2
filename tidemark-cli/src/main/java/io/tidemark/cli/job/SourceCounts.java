package io.tidemark.cli.job;

/**
 * What the source has read so far.
 *
 * @param lines every line read (records, empty lines and the header)
 * @param empty empty lines (skipped)
 * @param headers CSV header lines (skipped)
 * @param accepted records emitted into the job
 * @param bytes bytes read (for the progress bar)
 * @param held records the time guard holds, waiting for confirmation
 * @param endReason why the input ended early (a read timeout, a stop), or null
 */
record SourceCounts(long lines, long empty, long headers, long accepted, long bytes, long held, String endReason) {

    static final SourceCounts NONE = new SourceCounts(0, 0, 0, 0, 0, 0, null);

    /** These counts and {@code o}'s added (the end reason: this one's, else {@code o}'s). */
    SourceCounts plus(SourceCounts o) {
        return new SourceCounts(lines + o.lines, empty + o.empty, headers + o.headers, accepted + o.accepted, bytes + o.bytes,
                held + o.held, endReason != null ? endReason : o.endReason);
    }
}
