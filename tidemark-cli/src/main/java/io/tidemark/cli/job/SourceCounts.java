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
}
