package io.tidemark.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build comparison tool runs each build in its own class loader and collects every counted turn. */
class CompareBuildsTest {

    @Test
    void eachBuildRunsInItsOwnClassLoaderForEveryCountedTurn(@TempDir Path dir) throws Exception {
        // a "build directory" of this very build: the test class path holds its bench classes
        Path build = dir.resolve("build");
        Files.createDirectories(build.resolve("tidemark-bench/classes"));
        Files.writeString(build.resolve("tidemark-bench.cp"), System.getProperty("java.class.path"));
        StringBuilder progress = new StringBuilder();
        PrintStream lines = new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                progress.append((char) b);
            }
        });

        List<Map<String, List<Double>>> results = CompareBuilds.compare(List.of(build, build), 2,
                List.of("--events", "20000", "--engines", "dense,tidemark", "W1"), lines);

        assertThat(results).hasSize(2).allSatisfy(byEngine -> {
            assertThat(byEngine).containsOnlyKeys("dense", "tidemark");
            byEngine.values().forEach(v -> assertThat(v).hasSize(2).allSatisfy(eps -> assertThat(eps).isPositive()));
        });
        assertThat(progress.toString().lines()).hasSize(2 * 2).allSatisfy(l -> assertThat(l).startsWith("turn ").contains(build.toString()));
    }

    @Test
    void medianOfOddAndEvenCounts() {
        assertThat(CompareBuilds.median(List.of(3.0, 1.0, 2.0))).isEqualTo(2.0);
        assertThat(CompareBuilds.median(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(2.5);
        assertThat(CompareBuilds.median(List.of())).isNaN();
    }
}
