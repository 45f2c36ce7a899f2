package io.tidemark.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.config.Key;
import io.tidemark.cli.config.Settings;
import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.cli.gen.OrderGenerator;
import io.tidemark.cli.source.GeneratorSource;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tidemark generate}: the order generator's lines to a file or standard out. Its options are
 * the generator source's keys ({@code --rate} is {@code source.rate}), read and checked by the same
 * key table; errors name the option.
 */
@Command(name = "generate", mixinStandardHelpOptions = true, sortOptions = false, abbreviateSynopsis = true,
        description = {"Writes order data: disorder, late events, idle splits, bad lines.",
            "Lines come in arrival order, with event-time and arrival-time fields, so that",
            "a job replays them deterministically. Fields: orderId, userId, amount,",
            "eventTime (epoch ms), arrival (epoch ms), partition. The options are the",
            "generator source's keys (docs/job-file.md)."})
final class GenerateCommand implements Callable<Integer> {

    private final Main.Io io;

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Where to write (default: standard out).")
    Path output;

    @Option(names = "--format", paramLabel = "jsonl|csv", defaultValue = "jsonl", description = "jsonl or csv (default: ${DEFAULT-VALUE}).")
    String format;

    private GenerateCommand(Main.Io io) {
        this.io = io;
    }

    /** The command with an option per generator key. */
    static CommandLine spec(Main.Io io) {
        CommandLine cl = new CommandLine(new GenerateCommand(io));
        for (Key<?> k : new GeneratorSource().keys()) {
            OptionSpec.Builder b = OptionSpec.builder("--" + k.name())
                    .paramLabel(k.type().doc().replace("`", "").toUpperCase(java.util.Locale.ROOT).replace(' ', '_'))
                    .description(k.doc().replace("`", ""), "(default: " + k.defaultDoc().replace("`", "") + ")");
            if (k == GeneratorSource.IDLE) {
                b.type(List.class).auxiliaryTypes(String.class).splitRegex(",");
            } else {
                b.type(String.class);
            }
            cl.getCommandSpec().addOption(b.build());
        }
        return cl;
    }

    GeneratorOptions options() {
        ObjectNode source = JsonNodeFactory.instance.objectNode();
        source.put("type", "generator");
        source.put("format", format);
        for (Key<?> k : new GeneratorSource().keys()) {
            Object v = spec.findOption("--" + k.name()).getValue();
            if (v instanceof List<?> l) {
                ArrayNode a = source.putArray(k.name());
                l.forEach(x -> a.add(x.toString()));
            } else if (v != null) {
                source.put(k.name(), v.toString());
            }
        }
        Settings s = JobKeys.table(BuiltIn.catalog()).readSection("source", source, path -> "--" + path.substring(path.indexOf('.') + 1));
        return GeneratorSource.options(s, k -> "--" + k.name());
    }

    @Override
    public Integer call() throws IOException {
        GeneratorOptions g = options();
        OrderGenerator gen = write(g, output, io);
        io.err().println("wrote " + gen.describe() + (output == null ? "" : " to " + output));
        return Main.OK;
    }

    static OrderGenerator write(GeneratorOptions g, Path output, Main.Io io) throws IOException {
        OrderGenerator gen = new OrderGenerator(g);
        Writer w;
        if (output == null) {
            w = new BufferedWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8));
        } else {
            Path parent = output.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            w = Files.newBufferedWriter(output, StandardCharsets.UTF_8);
        }
        try {
            while (gen.hasNext()) {
                w.write(gen.next());
                w.write('\n');
            }
        } finally {
            if (output == null) {
                w.flush();
            } else {
                w.close();
            }
        }
        return gen;
    }
}
