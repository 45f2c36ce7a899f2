package io.tidemark.connector.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.file.src.FileSource;
import io.tidemark.connector.file.src.reader.OffsetLineReader;
import io.tidemark.connector.file.src.reader.TextLineInputFormat;
import io.tidemark.core.fs.Path;
import io.tidemark.streaming.api.functions.source.SplitSourceFunction;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file source's checkpoint positions: a text file resumes by seeking, a compressed one by skipping. */
class FileSourcePositionsTest {

    @TempDir
    java.nio.file.Path dir;

    @Test
    void theOffsetReaderReadsLinesAsTheTextFormatDoes() throws Exception {
        Random r = new Random(3);
        String[] pieces = {"a", "bb", "é", "日本", "\n", "\r\n", "\r", "", "x y"};
        for (int round = 0; round < 200; round++) {
            StringBuilder sb = new StringBuilder();
            for (int i = r.nextInt(40); i > 0; i--) {
                sb.append(pieces[r.nextInt(pieces.length)]);
            }
            byte[] bytes = sb.toString().getBytes(StandardCharsets.UTF_8);
            List<String> expected = new ArrayList<>();
            BufferedReader br = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8));
            for (String l = br.readLine(); l != null; l = br.readLine()) {
                expected.add(l);
            }
            List<String> got = new ArrayList<>();
            OffsetLineReader reader = new OffsetLineReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8, 0);
            for (String l = reader.read(); l != null; l = reader.read()) {
                got.add(l);
            }
            assertThat(got).as(sb.toString()).isEqualTo(expected);
            assertThat(reader.offset()).isEqualTo(bytes.length);
        }
    }

    /** Runs {@code source} to its end; returns its lines, and its split state before each chunk with the lines emitted by then. */
    private static List<String> run(FileSource<String> source, List<Map<String, ? extends Serializable>> states, List<Integer> emitted)
            throws Exception {
        List<String> out = new ArrayList<>();
        Object lock = new Object();
        source.run(new SplitSourceFunction.SplitSourceContext<>() {
            @Override
            public int getIndexOfThisSubtask() {
                return 0;
            }

            @Override
            public int getNumberOfParallelSubtasks() {
                return 1;
            }

            @Override
            public void collect(String split, String element) {
                out.add(element);
            }

            @Override
            public void collectAll(String split, Iterable<? extends String> elements) {
                states.add(new LinkedHashMap<>(source.snapshotSplitState()));
                emitted.add(out.size());
                elements.forEach(out::add);
            }

            @Override
            public void collectWithTimestamp(String split, String element, long timestamp) {
                out.add(element);
            }

            @Override
            public void splitFinished(String split) {}

            @Override
            public Object getCheckpointLock() {
                return lock;
            }
        });
        return out;
    }

    private void resumesFromEveryCheckpointedPosition(java.nio.file.Path file, boolean offsets) throws Exception {
        List<Map<String, ? extends Serializable>> states = new ArrayList<>();
        List<Integer> emitted = new ArrayList<>();
        List<String> all = run(FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(file.toString())).build(), states,
                emitted);
        assertThat(all).hasSize(1000);
        assertThat(states).hasSizeGreaterThan(3);
        for (int i = 0; i < states.size(); i++) {
            Map<String, ? extends Serializable> state = states.get(i);
            if (i > 0) {
                FileSource.FilePosition p = (FileSource.FilePosition) state.get(file.toString());
                assertThat(p.records()).isEqualTo((long) emitted.get(i));
                assertThat(p.offset() >= 0).as("resumed by offset").isEqualTo(offsets);
            }
            FileSource<String> again = FileSource.forRecordStreamFormat(new TextLineInputFormat(), new Path(file.toString())).build();
            again.restoreSplitState(state);
            assertThat(run(again, new ArrayList<>(), new ArrayList<>())).isEqualTo(all.subList(emitted.get(i), all.size()));
        }
    }

    private static String lines() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            sb.append("line ").append(i).append(i % 7 == 0 ? " é" : "").append(i % 3 == 0 ? "\r\n" : "\n");
        }
        return sb.toString();
    }

    @Test
    void aTextFileResumesAtTheByteOffsetAfterTheLastLineEmitted() throws Exception {
        java.nio.file.Path f = dir.resolve("in.txt");
        Files.writeString(f, lines());
        resumesFromEveryCheckpointedPosition(f, true);
    }

    @Test
    void aCompressedFileResumesBySkippingTheLinesEmitted() throws Exception {
        java.nio.file.Path f = dir.resolve("in.txt.gz");
        try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(f))) {
            gz.write(lines().getBytes(StandardCharsets.UTF_8));
        }
        resumesFromEveryCheckpointedPosition(f, false);
    }
}
