package io.tidemark.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher starts the command with its class-data archive ({@code tidemark-cli/target/tidemark.jsa},
 * made by the module's package phase): the command's classes come from the archive, and the archive
 * prints nothing of its own.
 */
class ClassDataIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    @Test
    void theCommandsClassesComeFromTheArchive(@TempDir Path work) throws Exception {
        Path log = work.resolve("classes.log");
        Launcher.Result r = Launcher.run(work.resolve("version"), TIMEOUT, List.of("TIDEMARK_JAVA_OPTS=-Xlog:class+load=info:file=" + log),
                "--version").exits(0);
        assertThat(r.out()).startsWith("tidemark ").doesNotContain("cds").doesNotContain("shared");
        assertThat(r.err()).isEmpty();
        assertThat(Files.readAllLines(log)).anyMatch(l -> l.contains(" io.tidemark.cli.Main source: shared objects file (top)"));
    }
}
