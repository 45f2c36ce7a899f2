package io.tidemark.cli.config;

import io.tidemark.cli.spi.OutputSpec;
import java.nio.file.Path;
import java.util.List;

/**
 * A kind of output ({@code output.results.type}, …): its name, its own keys and how they become an
 * {@link OutputSpec}. Its keys are declared once per output of the job ({@code output.results},
 * {@code output.late}, {@code output.dead-letter}) and apply only when that output's {@code type} is
 * its name. Two types may declare the same key (jsonl and csv both have {@code path}).
 *
 * <p>Adding one: a class implementing this (and its {@link OutputSpec} and
 * {@link io.tidemark.cli.spi.Output}), listed in {@code io.tidemark.cli.BuiltIn}.
 */
public interface OutputType {

    /** The value of an output's {@code type}. */
    String name();

    /** One sentence for the key reference. */
    String doc();

    /** This type's own keys under {@code output} (e.g. {@code output.results}): {@code output.results.path}. */
    List<Key<?>> keys(String output);

    /** Builds the spec of {@code output} from checked settings. */
    OutputSpec spec(Settings settings, String output, Path jobDir);
}
