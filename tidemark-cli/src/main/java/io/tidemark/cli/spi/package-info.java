/**
 * The contracts a source type and an output type implement (with their keys, declared in
 * {@link io.tidemark.cli.config.SourceType} and {@link io.tidemark.cli.config.OutputType}): a source
 * opens a {@link io.tidemark.cli.spi.LineInput} in the job's source task (possibly on a Flink
 * TaskManager), an output opens an {@link io.tidemark.cli.spi.Output} in the command's process. See
 * docs/job-file.md, "Adding a source or output type".
 */
package io.tidemark.cli.spi;
