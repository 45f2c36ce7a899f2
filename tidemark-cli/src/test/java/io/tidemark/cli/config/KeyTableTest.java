package io.tidemark.cli.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.tidemark.cli.BuiltIn;
import io.tidemark.cli.spi.SourceSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The key table as the types extend it: a type's keys, a key two types share, a planned type. */
class KeyTableTest {

    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    /** A source type as another engineer would add one: two keys, one of them shared with the file source. */
    static final class PulsarSource implements SourceType {
        static final Key<String> PATH = Key.of("source.path", Types.path())
                .required("the input file (relative paths resolve against the job file's folder)")
                .doc("The input file, read line by line (see [Lines](#lines)).");
        static final Key<String> SERVICE = Key.of("source.service-url", Types.text()).required("the broker's URL")
                .doc("The broker.");

        @Override
        public String name() {
            return "pulsar";
        }

        @Override
        public String doc() {
            return "a topic.";
        }

        @Override
        public List<Key<?>> keys() {
            return List.of(SERVICE, PATH);
        }

        @Override
        public SourceSpec spec(Settings settings, Path jobDir) {
            throw new UnsupportedOperationException();
        }
    }

    private static Catalog with(List<SourceType> extra, Map<String, String> planned) {
        Catalog b = BuiltIn.catalog();
        List<SourceType> sources = new java.util.ArrayList<>(b.sources());
        sources.addAll(extra);
        return new Catalog(sources, b.outputs(), planned, b.plannedOutputs());
    }

    private static JsonNode yaml(String s) throws Exception {
        return YAML.readTree(s);
    }

    @Test
    void aNewTypesKeysAreCheckedWhereItApplies() throws Exception {
        KeyTable t = JobKeys.table(with(List.of(new PulsarSource()), Map.of()));
        Settings s = t.readSection("source", yaml("{type: pulsar, service-url: pulsar://x, path: a.txt}"), p -> p);
        assertThat(s.get(PulsarSource.SERVICE)).isEqualTo("pulsar://x");
        // a key two types declare applies to both; one type's own key to that type only
        assertThat(t.key("source.path").applies().doc()).isEqualTo("`file`, `pulsar`");
        assertThatThrownBy(() -> t.readSection("source", yaml("{type: file, path: a.txt, service-url: x}"), p -> p))
                .hasMessage("source.service-url: not allowed here: only for source.type: pulsar");
        assertThatThrownBy(() -> t.readSection("source", yaml("{type: pulsar, path: a.txt}"), p -> p))
                .hasMessage("source.service-url: missing: the broker's URL");
        assertThatThrownBy(() -> t.readSection("source", yaml("{type: pulsar, service-ur: x}"), p -> p))
                .hasMessageStartingWith("source.service-ur: unknown key (did you mean 'source.service-url'?)");
    }

    @Test
    void aPlannedTypeSaysItIsNotSupportedYetEvenWithItsOwnKeys() throws Exception {
        KeyTable t = JobKeys.table(with(List.of(), Map.of("pulsar", "a Pulsar source is planned")));
        assertThatThrownBy(() -> t.readSection("source", yaml("{type: pulsar, service-url: x}"), p -> p))
                .hasMessageStartingWith("source.type: 'pulsar' is not supported yet (a Pulsar source is planned); use one of file");
    }
}
