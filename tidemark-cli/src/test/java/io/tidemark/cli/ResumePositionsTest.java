package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.cli.config.JobConfigLoader;
import io.tidemark.cli.spi.Line;
import io.tidemark.cli.spi.LineInput;
import io.tidemark.cli.spi.SourceSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a resumed source reads on ({@link SourceSpec#open(int, long, long)}): a file from the byte after
 * the checkpoint's last line (a byte-order mark and CRLF line ends included), the generator by making and
 * dropping the lines it had made; either way the lines after the position are those an uninterrupted
 * read gives. A file shorter than the position (replaced or truncated) is refused.
 */
class ResumePositionsTest {

    @TempDir
    Path dir;

    private SourceSpec spec(String source) throws IOException {
        Files.writeString(dir.resolve("job.yaml"), String.join("\n", "source: " + source, "event-time: {field: t}",
                "watermark: {strategy: bounded, max-out-of-orderness: 1s}", "window: {type: tumbling, size: 1s}", ""));
        return JobConfigLoader.load(dir.resolve("job.yaml"), BuiltIn.catalog()).source().spec();
    }

    /** Every line from {@code in}, with the input's position after each. */
    private static List<String> read(LineInput in, List<Long> positions) throws IOException {
        List<String> lines = new ArrayList<>();
        Line line = new Line();
        while (in.next(line)) {
            lines.add(new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8));
            positions.add(in.position());
        }
        in.close();
        return lines;
    }

    private void resumesAtEveryLine(SourceSpec spec) throws IOException {
        List<Long> positions = new ArrayList<>();
        List<String> all = read(spec.open(1 << 16), positions);
        assertThat(all).hasSizeGreaterThan(20);
        for (int n = 0; n < all.size(); n += 7) {
            long bytes = n == 0 ? 0 : positions.get(n - 1);
            LineInput in = spec.open(1 << 16, n, bytes);
            assertThat(read(in, new ArrayList<>())).as("after line " + n).isEqualTo(all.subList(n, all.size()));
        }
    }

    @Test
    void aFileResumesAtTheByteAfterTheCheckpointsLastLine() throws IOException {
        StringBuilder sb = new StringBuilder("\uFEFF");
        for (int i = 0; i < 50; i++) {
            sb.append("{\"t\": ").append(i).append(", \"text\": \"ü").append(i).append("\"}").append(i % 3 == 0 ? "\r\n" : "\n");
        }
        sb.append("{\"t\": 99}"); // no line break at the end
        Files.writeString(dir.resolve("in.jsonl"), sb.toString());
        resumesAtEveryLine(spec("{type: file, path: in.jsonl}"));
    }

    @Test
    void theGeneratorResumesByMakingAgainAndDroppingTheLinesItHadMade() throws IOException {
        resumesAtEveryLine(spec("{type: generator, rate: 20, duration: 10s, seed: 3}"));
    }

    @Test
    void aFileShorterThanThePositionIsRefused() throws IOException {
        Files.writeString(dir.resolve("in.jsonl"), "{\"t\": 1}\n");
        SourceSpec spec = spec("{type: file, path: in.jsonl}");
        assertThatThrownBy(() -> spec.open(1 << 16, 10, 500)).hasMessageContaining("fewer than the 500 the checkpoint had read")
                .hasMessageContaining("--fresh");
    }
}
