package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every demo run left a new 8 MB folder in the temporary folder; now one folder is emptied and reused. */
class DemoFolderTest {

    @Test
    void withoutDirTheDemoReusesOneFolderEmptiedFirst(@TempDir Path tmp) throws Exception {
        Path first = DemoCommand.folder(null, tmp, "tidemark-demo");
        Files.createDirectories(first.resolve("out"));
        Files.writeString(first.resolve("out/dead-letter.jsonl"), "a previous demo's\n");
        Files.writeString(first.resolve("orders.jsonl"), "a previous demo's\n");
        Path second = DemoCommand.folder(null, tmp, "tidemark-demo");
        assertThat(second).isEqualTo(first).isEqualTo(tmp.resolve("tidemark-demo")).isEmptyDirectory();
        try (var all = Files.list(tmp)) {
            assertThat(all).containsExactly(second);
        }
    }

    @Test
    void aGivenDirIsUsedAsItIs(@TempDir Path tmp) throws Exception {
        Path mine = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(mine.resolve("keep.txt"), "mine\n");
        assertThat(DemoCommand.folder(mine, tmp, "tidemark-demo")).isEqualTo(mine);
        assertThat(mine.resolve("keep.txt")).exists();
    }
}
