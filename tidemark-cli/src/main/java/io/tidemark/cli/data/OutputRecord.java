package io.tidemark.cli.data;

/**
 * What a job writes to its outputs: a window result (output {@code results}), a late record
 * ({@code late}) or a dead letter ({@code dead-letter}). Plain immutable data: an output type renders
 * it (as a JSON line, a CSV row, a database row …).
 */
public sealed interface OutputRecord permits WindowResult, LateRecord, DeadLetter {}
