package io.tidemark.cli.output;

import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.OutputType;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.spi.Output;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code type: stdout}: JSON lines (late records as read) on the command's standard out. */
public final class StdoutOutputType implements OutputType {

    @Override
    public String name() {
        return "stdout";
    }

    @Override
    public String doc() {
        return "the command's standard out, as JSON lines (late records as read).";
    }

    @Override
    public List<Key<?>> keys(String output) {
        return List.of();
    }

    @Override
    public OutputSpec spec(Settings s, String output, Path jobDir) {
        return new Spec(output);
    }

    record Spec(String output) implements OutputSpec {

        @Override
        public String type() {
            return "stdout";
        }

        @Override
        public String describe() {
            return "stdout";
        }

        @Override
        public boolean stdout() {
            return true;
        }

        @Override
        public Output open(OutputContext context) throws IOException {
            return new LineOutput(LineFormat.JSONL, context, new StdoutDestination(context.stdout()), output);
        }
    }
}
