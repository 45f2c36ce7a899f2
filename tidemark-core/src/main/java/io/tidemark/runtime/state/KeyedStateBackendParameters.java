package io.tidemark.runtime.state;

/**
 * What a {@link StateBackend} knows of the operator subtask it makes a keyed backend for.
 *
 * @param operatorName the operator's name (a backend's files are named after it)
 * @param subtaskIndex the subtask's index, from 0
 * @param parallelism the operator's parallelism
 */
public record KeyedStateBackendParameters(String operatorName, int subtaskIndex, int parallelism) {}
