package io.tidemark.cli;

import io.tidemark.cli.config.Catalog;
import io.tidemark.cli.output.FileOutputType;
import io.tidemark.cli.output.JdbcOutputType;
import io.tidemark.cli.output.KafkaOutputType;
import io.tidemark.cli.output.StdoutOutputType;
import io.tidemark.cli.source.FileSource;
import io.tidemark.cli.source.GeneratorSource;
import io.tidemark.cli.source.KafkaSourceType;
import io.tidemark.cli.source.SocketSource;
import java.util.List;
import java.util.Map;

/** The source and output types of the command. A new type is one line here (and its class). */
public final class BuiltIn {

    private BuiltIn() {}

    public static Catalog catalog() {
        return new Catalog(
                List.of(new FileSource(), new SocketSource(), new GeneratorSource(), new KafkaSourceType()),
                List.of(FileOutputType.jsonl(), FileOutputType.csv(), new StdoutOutputType(), new JdbcOutputType(),
                        new KafkaOutputType()),
                Map.of(),
                Map.of());
    }
}
