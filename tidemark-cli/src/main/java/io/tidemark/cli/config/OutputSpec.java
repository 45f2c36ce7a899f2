package io.tidemark.cli.config;

import java.nio.file.Path;

/** Where one output goes: a jsonl or csv file, or standard out ({@code path} null). */
public record OutputSpec(Type type, Path path) {

    public enum Type { JSONL, CSV, STDOUT }

    public static OutputSpec stdout() {
        return new OutputSpec(Type.STDOUT, null);
    }

    @Override
    public String toString() {
        return type == Type.STDOUT ? "stdout" : type.name().toLowerCase(java.util.Locale.ROOT) + " " + path;
    }
}
