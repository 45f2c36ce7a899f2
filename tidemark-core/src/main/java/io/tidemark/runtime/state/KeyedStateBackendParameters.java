package io.tidemark.runtime.state;

/**
 * What a {@link StateBackend} knows of the operator subtask it makes a keyed backend for.
 *
 * @param operatorName the operator's name (a backend's files are named after it)
 * @param subtaskIndex the subtask's index, from 0
 * @param parallelism the operator's parallelism
 * @param checkpointDirectory the job's checkpoint directory ({@code chk-N/}; incremental checkpoints
 *     keep their shared files beside), or null when the job takes no checkpoints
 */
public record KeyedStateBackendParameters(String operatorName, int subtaskIndex, int parallelism, String checkpointDirectory) {

    /** For a job without checkpoints. */
    public KeyedStateBackendParameters(String operatorName, int subtaskIndex, int parallelism) {
        this(operatorName, subtaskIndex, parallelism, null);
    }
}
