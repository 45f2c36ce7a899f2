package io.tidemark.flink.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks a port of a Flink example: the port (tidemark-examples, {@code io.tidemark.examples.flink.*})
 * and the Flink program (this module's tests, {@code io.tidemark.flink.examples.original.*}) are the same
 * source text but for the package and the imports' {@code io.tidemark.} / {@code org.apache.flink.}
 * prefix, and they print the same lines: the Flink program's {@code main} run on Flink 2.3
 * ({@link FlinkContext}), the port's on the embedded engine.
 */
final class ExamplePorts {

    private ExamplePorts() {}

    interface Main {
        void run() throws Exception;
    }

    /** Runs {@code main} and returns the lines it printed to standard out. */
    static List<String> printed(Main main) throws Exception {
        PrintStream before = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            main.run();
        } finally {
            System.setOut(before);
        }
        String out = bytes.toString(StandardCharsets.UTF_8);
        return out.isEmpty() ? new ArrayList<>() : new ArrayList<>(Arrays.asList(out.split("\n")));
    }

    /** What Flink's program prints on Flink 2.3. */
    static List<String> printedByFlink(Main flinkMain) throws Exception {
        return printed(() -> FlinkContext.run(flinkMain));
    }

    /**
     * Asserts that each port at {@code paths} (under tidemark-examples' {@code io/tidemark/examples/flink/})
     * differs from the Flink program (under this module's {@code io/tidemark/flink/examples/original/})
     * only in the package and the imports' prefix, and that the example as a whole imports Flink's API.
     */
    static void assertImportsOnlyDiffer(String... paths) throws IOException {
        boolean importsFlink = false;
        for (String path : paths) {
            List<String> port = Files.readAllLines(Path.of("../tidemark-examples/src/main/java/io/tidemark/examples/flink", path));
            List<String> flink = normalized(Files.readAllLines(Path.of("src/test/java/io/tidemark/flink/examples/original", path)),
                    "io.tidemark.flink.examples.original.", "org.apache.flink.");
            assertThat(normalized(port, "io.tidemark.examples.flink.", "io.tidemark.")).as(path).isEqualTo(flink);
            importsFlink |= flink.stream().anyMatch(l -> l.startsWith("import org.apache.flink."));
        }
        assertThat(importsFlink).as("%s import Flink's API", List.of(paths)).isTrue();
    }

    /** The lines without the package, the example's own imports and the engine's import prefix made alike. */
    private static List<String> normalized(List<String> lines, String ownPackage, String enginePrefix) {
        List<String> out = new ArrayList<>();
        for (String l : lines) {
            if (l.startsWith("package ")) {
                continue;
            }
            if (l.startsWith("import " + ownPackage)) {
                out.add("import example." + l.substring(("import " + ownPackage).length()));
            } else if (l.startsWith("import " + enginePrefix)) {
                out.add("import org.apache.flink." + l.substring(("import " + enginePrefix).length()));
            } else {
                out.add(l);
            }
        }
        return out;
    }
}
