package io.tidemark.runtime.metrics;

import io.tidemark.api.common.metrics.InputStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What holds a subtask's watermark back, as the subtask's input reports it: its inputs (the input
 * channels of a chain head behind an exchange, named by the upstream subtask's index; the splits of a
 * split source, by split id), their watermarks, which are idle, and which one holds the output back.
 * Implemented by the owner of the inputs for readers on any thread: values may be a moment old, never
 * torn, and reading never touches state the owner's thread works on.
 */
public interface WatermarkDiagnostics {

    /** Each input's last watermark, in a fixed order (channel index, or order of first appearance). */
    Map<String, Long> inputWatermarks();

    /** The inputs that are idle now. */
    Set<String> idleInputs();

    /**
     * The input whose watermark is the subtask's current output watermark: among the inputs that count
     * (active, and for channels aligned), the one with the lowest watermark; null when none holds the
     * output back (all idle or finished, or no input counts yet).
     */
    String holdingBack();

    /**
     * Every input's published status. By default from {@link #inputWatermarks} and {@link #idleInputs}
     * as channels, without times; a split source reports its splits with their times.
     */
    default List<InputStatus> inputs() {
        Set<String> idle = idleInputs();
        List<InputStatus> all = new ArrayList<>();
        inputWatermarks().forEach((name, w) -> all.add(new InputStatus(name, false, w, idle.contains(name), -1, 0, -1,
                Long.MIN_VALUE)));
        return all;
    }

    /** Items waiting to be processed (batches in the subtask's input gate); 0 when nothing queues. */
    default int queued() {
        return 0;
    }
}
