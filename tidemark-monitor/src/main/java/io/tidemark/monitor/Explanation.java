package io.tidemark.monitor;

import java.util.List;
import java.util.Map;

/**
 * Why a window has not fired (or that it has), as {@link WindowExplainer} found it: one {@code reason}
 * with a sentence, the facts behind it, and the seeds' checklist line by line.
 *
 * <table>
 *   <caption>reasons</caption>
 *   <tr><td>{@code fired}</td><td>it fired (the firings are listed)</td></tr>
 *   <tr><td>{@code no_watermark}</td><td>no watermark reached the window operator: timestamps and
 *       watermarks not assigned, {@code noWatermarks()}, or an input that never had a record</td></tr>
 *   <tr><td>{@code held_back_by_input}</td><td>one split (partition) or input channel holds the minimum
 *       watermark back while the others are past the window's end: which, how far behind, and whether
 *       and when idleness would release it</td></tr>
 *   <tr><td>{@code out_of_orderness_bound}</td><td>records past the window's end have come, but the
 *       watermark trails the largest timestamp by the bound: the record time that would fire it</td></tr>
 *   <tr><td>{@code waiting_for_event_time}</td><td>no record past the window's end yet</td></tr>
 *   <tr><td>{@code no_records}</td><td>the window got no records for the key</td></tr>
 *   <tr><td>{@code late_records}</td><td>its records came after the watermark had passed the window
 *       (plus allowed lateness): dropped or sent to the late output</td></tr>
 *   <tr><td>{@code watermark_jump}</td><td>its records were late because the watermark jumped on one
 *       record with an abnormal timestamp (the record is given)</td></tr>
 *   <tr><td>{@code no_window_operator}, {@code not_answered}</td><td>the job has no window operator, or
 *       it did not answer (the job ended)</td></tr>
 * </table>
 *
 * @param windowEnd the window's end, or null when the assigner does not fix it and no session was found
 * @param watermark the window operator's current watermark and what firing needs
 * @param holdingBack the input holding the watermark back, traced to the source (null when nothing does)
 * @param checklist the checklist's lines, each with {@code ok}, {@code problem} or {@code n/a}
 * @param details the records, firings and jumps behind the reason
 */
public record Explanation(String key, long windowStart, Long windowEnd, String reason, String message,
        Map<String, Object> watermark, Map<String, Object> holdingBack, List<Check> checklist,
        Map<String, Object> details) {

    /** One line of the checklist. */
    public record Check(String check, String finding, String detail) {}
}
