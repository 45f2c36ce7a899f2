package io.tidemark.cli.output;

import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.config.OutputType;
import io.tidemark.cli.config.Types;
import io.tidemark.cli.spi.Output;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.cli.spi.OutputSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code type: jsonl} and {@code type: csv}: a file, one record per line. */
public final class FileOutputType implements OutputType {

    private final LineFormat format;

    private FileOutputType(LineFormat format) {
        this.format = format;
    }

    public static FileOutputType jsonl() {
        return new FileOutputType(LineFormat.JSONL);
    }

    public static FileOutputType csv() {
        return new FileOutputType(LineFormat.CSV);
    }

    static Key<String> path(String output) {
        return Key.of(output + ".path", Types.path())
                .required("the file to write (relative paths resolve against the job file's folder)")
                .doc("The file to write. Folders are created. A file already there is replaced when the run ends well and "
                        + "kept when it fails (see [Outputs](#outputs)). Not the input, the job file or another output.");
    }

    /**
     * Where {@code tidemark backfill} writes corrected results beside a results file:
     * {@code results.jsonl} → {@code results.corrections.jsonl}.
     */
    public static Path correctionsFile(Path results) {
        String name = results.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return results.resolveSibling(dot > 0 ? name.substring(0, dot) + ".corrections" + name.substring(dot) : name + ".corrections");
    }

    /** A results file's output that, when the run ends well, deletes the corrections of the results it replaced. */
    private record DropsCorrections(Output results, Path corrections) implements Output {
        @Override
        public void write(io.tidemark.cli.data.OutputRecord record) throws IOException {
            results.write(record);
        }

        @Override
        public void flush() throws IOException {
            results.flush();
        }

        @Override
        public void commit() throws IOException {
            results.commit();
            java.nio.file.Files.deleteIfExists(corrections);
        }

        @Override
        public String abort() {
            return results.abort();
        }
    }

    @Override
    public String name() {
        return format.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String doc() {
        return format == LineFormat.JSONL ? "a file of JSON lines." : "a CSV file with a header row.";
    }

    @Override
    public List<Key<?>> keys(String output) {
        return List.of(path(output));
    }

    @Override
    public OutputSpec spec(Settings s, String output, Path jobDir) {
        return new Spec(format, output, jobDir.resolve(s.get(path(output))).normalize());
    }

    record Spec(LineFormat format, String output, Path file) implements OutputSpec {

        @Override
        public String type() {
            return format.name().toLowerCase(Locale.ROOT);
        }

        @Override
        public String describe() {
            return type() + " " + file;
        }

        /** A regular file (or one to be made) commits with the checkpoints; a device or a pipe is written as records come. */
        @Override
        public io.tidemark.cli.spi.StagedOutput staged(OutputContext context, Path dir, boolean fresh) throws IOException {
            if (java.nio.file.Files.exists(file) && !java.nio.file.Files.isRegularFile(file)) {
                return null;
            }
            return new StagedFile(format, context, file, dir, fresh, output + ".path",
                    context.role() == OutputContext.Role.RESULTS ? correctionsFile(file) : null);
        }

        @Override
        public Output open(OutputContext context) throws IOException {
            Output lines = new LineOutput(format, context, new FileDestination(file), output + ".path");
            return context.role() == OutputContext.Role.RESULTS ? new DropsCorrections(lines, correctionsFile(file)) : lines;
        }
    }
}
