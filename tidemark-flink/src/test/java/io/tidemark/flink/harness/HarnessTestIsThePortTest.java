package io.tidemark.flink.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The users' tests run here against Flink 2.3 ({@link UserFunctionHarnessTest} on Flink's harnesses,
 * {@link MiniClusterJobTest} on Flink's MiniClusterExtension) are the very files that tidemark-test-utils
 * runs against Tidemark's, imports aside: with the package line left out and {@code org.apache.flink}
 * read as {@code io.tidemark} in the imports, each pair is equal line for line. So Tidemark's tests
 * expect what Flink does.
 */
class HarnessTestIsThePortTest {

    @ParameterizedTest
    @ValueSource(strings = {"UserFunctionHarnessTest.java", "MiniClusterJobTest.java", "StateTtlHarnessTest.java"})
    void theFlinkTestIsTheTidemarkTestWithFlinksImports(String file) throws IOException {
        List<String> flink = normalized(Path.of("src/test/java/io/tidemark/flink/harness", file));
        List<String> tidemark = normalized(Path.of("../tidemark-test-utils/src/test/java/io/tidemark/harness", file));
        assertThat(flink).hasSizeGreaterThan(40);
        assertThat(flink).containsExactlyElementsOf(tidemark);
    }

    private static List<String> normalized(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .filter(line -> !line.startsWith("package "))
                .map(line -> line.startsWith("import ") ? line.replace("org.apache.flink.", "io.tidemark.") : line)
                .toList();
    }
}
