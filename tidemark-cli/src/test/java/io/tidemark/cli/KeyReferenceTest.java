package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.config.JobKeys;
import io.tidemark.cli.config.KeyReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The key reference in docs/job-file.md is the key table rendered: a key added, changed or removed in
 * the table without regenerating the docs fails here. Regenerate with
 * {@code -Dtidemark.docs.update=true} (this test then writes the docs).
 */
class KeyReferenceTest {

    static final Path DOCS = Path.of("..", "docs", "job-file.md");

    @Test
    void theDocsHoldTheKeyTable() throws Exception {
        String docs = Files.readString(DOCS, StandardCharsets.UTF_8);
        int begin = docs.indexOf(KeyReference.BEGIN);
        int end = docs.indexOf(KeyReference.END);
        assertThat(begin).as("docs/job-file.md has the key reference markers").isNotNegative();
        assertThat(end).isGreaterThan(begin);
        String rendered = KeyReference.render(JobKeys.table(BuiltIn.catalog()));
        String updated = docs.substring(0, begin) + KeyReference.BEGIN + "\n\n" + rendered + docs.substring(end);
        if (Boolean.getBoolean("tidemark.docs.update")) {
            Files.writeString(DOCS, updated, StandardCharsets.UTF_8);
            return;
        }
        assertThat(docs).as("docs/job-file.md's key reference; regenerate with -Dtidemark.docs.update=true").isEqualTo(updated);
    }

    @Test
    void everyKeyIsDocumented() {
        for (var k : JobKeys.table(BuiltIn.catalog()).keys()) {
            assertThat(k.doc()).as(k.path()).isNotBlank();
        }
    }
}
