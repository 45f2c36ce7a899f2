package io.tidemark.api.java.tuple;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

/** The committed tuple classes are what {@link TupleGenerator} writes. */
class TupleGeneratorTest {

    private static final Path DIR = Paths.get("src/main/java/io/tidemark/api/java/tuple");

    @Test
    void committedTuplesAreTheGeneratorsOutput() throws Exception {
        if (Boolean.getBoolean("tidemark.tuples.write")) {
            TupleGenerator.writeAll(DIR);
        }
        for (int arity = 0; arity <= Tuple.MAX_ARITY; arity++) {
            Path file = DIR.resolve("Tuple" + arity + ".java");
            assertThat(Files.readString(file, StandardCharsets.UTF_8))
                    .as(file + " (regenerate: -Dtest=TupleGeneratorTest -Dtidemark.tuples.write=true)")
                    .isEqualTo(TupleGenerator.source(arity));
        }
    }
}
