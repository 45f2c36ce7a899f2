package io.tidemark.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The API does not depend on the engine: no class of the API's packages refers to a class of
 * {@code io.tidemark.runtime} (read from the compiled classes' constant pools, so fully qualified uses
 * count too). Engines plug in through {@code io.tidemark.core.execution}. The exceptions are the API
 * interfaces Flink keeps in its runtime package {@code org.apache.flink.runtime.state}
 * ({@code KeyedStateFunction}, the contexts of {@code CheckpointedFunction}, and {@code StateBackend}), so a port changes only
 * the import's prefix; they refer to nothing of the engine themselves.
 */
class ApiLayeringTest {

    private static final List<String> API_PACKAGES = List.of("io/tidemark/api", "io/tidemark/streaming",
            "io/tidemark/core", "io/tidemark/time", "io/tidemark/util", "io/tidemark/annotation", "io/tidemark/configuration");

    @Test
    void apiClassesDoNotReferToTheRuntime() throws Exception {
        Path classes = Paths.get(StreamExecutionEnvironment.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> offenders = new ArrayList<>();
        int checked = 0;
        for (String pkg : API_PACKAGES) {
            Path dir = classes.resolve(pkg);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                    checked++;
                    if (refersToRuntime(f)) {
                        offenders.add(classes.relativize(f).toString());
                    }
                }
            }
        }
        assertThat(checked).as("API classes found").isGreaterThan(100);
        assertThat(offenders).as("API classes that refer to io.tidemark.runtime").isEmpty();
    }

    /** API interfaces that live in a runtime package because Flink's do. */
    private static final List<String> API_IN_RUNTIME = List.of("io/tidemark/runtime/state/KeyedStateFunction",
            "io/tidemark/runtime/state/ManagedInitializationContext", "io/tidemark/runtime/state/FunctionInitializationContext",
            "io/tidemark/runtime/state/ManagedSnapshotContext", "io/tidemark/runtime/state/FunctionSnapshotContext",
            "io/tidemark/runtime/state/StateBackend");

    private static boolean refersToRuntime(Path classFile) throws IOException {
        // class names appear in the constant pool as modified UTF-8, which is plain ASCII for these names
        String pool = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
        for (String api : API_IN_RUNTIME) {
            pool = pool.replace(api, "");
        }
        return pool.contains("io/tidemark/runtime/");
    }

    @Test
    void theApiInterfacesInARuntimePackageReferToNothingOfTheEngine() throws Exception {
        Path classes = Paths.get(StreamExecutionEnvironment.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        for (String api : API_IN_RUNTIME) {
            assertThat(refersToRuntime(classes.resolve(api + ".class"))).as(api).isFalse();
        }
    }
}
