package io.tidemark.cli.config;

import java.util.List;
import java.util.Map;

/**
 * The source and output types the command knows, and the ones planned but not supported yet (named
 * in the error instead of "unknown").
 */
public record Catalog(List<SourceType> sources, List<OutputType> outputs, Map<String, String> plannedSources,
        Map<String, String> plannedOutputs) {

    public SourceType source(String name) {
        return sources.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }

    public OutputType output(String name) {
        return outputs.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
    }
}
