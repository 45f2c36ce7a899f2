package io.tidemark.flink.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The user's harness test run here against Flink 2.3 ({@link UserFunctionHarnessTest}) is the very file
 * that tidemark-test-utils runs against Tidemark's harnesses, imports aside: with its package line left
 * out and {@code org.apache.flink} read as {@code io.tidemark} in its imports, the two are equal line for
 * line. So Tidemark's harness test expects what Flink does.
 */
class HarnessTestIsThePortTest {

    private static final Path ON_FLINK = Path.of("src/test/java/io/tidemark/flink/harness/UserFunctionHarnessTest.java");
    private static final Path ON_TIDEMARK =
            Path.of("../tidemark-test-utils/src/test/java/io/tidemark/harness/UserFunctionHarnessTest.java");

    @Test
    void theFlinkTestIsTheTidemarkTestWithFlinksImports() throws IOException {
        List<String> flink = normalized(ON_FLINK);
        List<String> tidemark = normalized(ON_TIDEMARK);
        assertThat(flink).hasSizeGreaterThan(100);
        assertThat(flink).containsExactlyElementsOf(tidemark);
    }

    private static List<String> normalized(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .filter(line -> !line.startsWith("package "))
                .map(line -> line.startsWith("import ") ? line.replace("org.apache.flink.", "io.tidemark.") : line)
                .toList();
    }
}
