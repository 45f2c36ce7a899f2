package io.tidemark.cli.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.yaml.snakeyaml.LoaderOptions;

/**
 * Reads a job file's YAML into a tree within bounds, so that no file makes a command hang or exhaust
 * memory before its keys are checked. Each bound broken is a {@link ConfigException} naming it (exit 2).
 *
 * <ul>
 *   <li>size: at most {@link #MAX_BYTES} (1 MiB), checked on the bytes read (at most one more is read), so
 *       a file that grows after it was measured, or a device, is bounded too. SnakeYAML's time grows faster
 *       than linearly with the length of one token (a comment or a scalar): 0.2 s for 256 KiB, 1–3 s for
 *       1 MiB, 19 s for 5 million characters and over 300 s for 50 million, so the size is the bound that
 *       keeps {@code validate} quick. Job files are a few KiB.
 *   <li>code points: SnakeYAML's limit set to the same number (implied by the size for UTF-8).
 *   <li>nesting: at most {@link #MAX_DEPTH} levels of mappings and lists (Jackson's default is 1,000);
 *       the deepest keys of a job file are 4 levels down.
 *   <li>aliases: none. Jackson's YAML parser reads an alias ({@code *name}) as the anchor's name, a
 *       string, not as its value (SnakeYAML's alias limits apply only to its composer, which Jackson does
 *       not use), so a job file that used one was silently misread; no alias expands either.
 * </ul>
 */
final class JobFileYaml {

    /** The largest job file read: 1 MiB. */
    static final int MAX_BYTES = 1 << 20;

    /** The deepest nesting of mappings and lists, the document's root included. */
    static final int MAX_DEPTH = 32;

    private static final ObjectMapper YAML;

    static {
        LoaderOptions loader = new LoaderOptions();
        loader.setCodePointLimit(MAX_BYTES);
        YAMLFactory factory = YAMLFactory.builder()
                .loaderOptions(loader)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
                .build();
        YAML = new ObjectMapper(factory).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    private JobFileYaml() {}

    /** The job file's tree (null or a missing node for an empty file). */
    static JsonNode read(Path jobFile) {
        if (!Files.exists(jobFile)) {
            throw new ConfigException("", "job file not found: " + jobFile);
        }
        if (!Files.isRegularFile(jobFile)) {
            throw new ConfigException("", "the job file " + jobFile + " is not a regular file");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(jobFile)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (NoSuchFileException e) {
            throw new ConfigException("", "job file not found: " + jobFile);
        } catch (IOException e) {
            throw new ConfigException("", "cannot read the job file " + jobFile + ": " + e.getMessage());
        }
        if (bytes.length > MAX_BYTES) {
            long size = size(jobFile, bytes.length);
            throw new ConfigException("", jobFile + " is " + (size > MAX_BYTES ? size + " bytes" : "over " + MAX_BYTES + " bytes")
                    + ": a job file is at most 1 MiB (" + MAX_BYTES + " bytes)");
        }
        JsonParser p = null;
        try (JsonParser yaml = new AliasRefusing(YAML.getFactory().createParser(bytes), jobFile)) {
            p = yaml;
            return YAML.readTree(yaml);
        } catch (StreamConstraintsException e) {
            throw new ConfigException("", jobFile + " nests mappings and lists deeper than " + MAX_DEPTH + " levels (line "
                    + p.currentLocation().getLineNr() + ")");
        } catch (IOException e) {
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new ConfigException("", jobFile + " is not valid YAML: " + m.lines().findFirst().orElse(m) + locate(e));
        }
    }

    private static long size(Path file, long atLeast) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return atLeast;
        }
    }

    private static String locate(IOException e) {
        if (e instanceof JsonProcessingException p) {
            JsonLocation l = p.getLocation();
            if (l != null && l.getLineNr() > 0) {
                return " (line " + l.getLineNr() + ")";
            }
        }
        return "";
    }

    /** Fails at the first alias, naming it and its line. */
    private static final class AliasRefusing extends JsonParserDelegate {
        private final Path jobFile;

        AliasRefusing(JsonParser yaml, Path jobFile) {
            super(yaml);
            this.jobFile = jobFile;
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken t = super.nextToken();
            if (delegate instanceof YAMLParser y && y.isCurrentAlias()) {
                throw new ConfigException("", jobFile + " uses the YAML alias *" + y.getText() + " (line "
                        + y.currentTokenLocation().getLineNr() + "): aliases are not supported; write the value out");
            }
            return t;
        }

        @Override
        public String nextFieldName() throws IOException {
            return nextToken() == JsonToken.FIELD_NAME ? currentName() : null;
        }

        @Override
        public boolean nextFieldName(SerializableString name) throws IOException {
            return nextToken() == JsonToken.FIELD_NAME && name.getValue().equals(currentName());
        }

        @Override
        public JsonToken nextValue() throws IOException {
            JsonToken t = nextToken();
            return t == JsonToken.FIELD_NAME ? nextToken() : t;
        }
    }
}
