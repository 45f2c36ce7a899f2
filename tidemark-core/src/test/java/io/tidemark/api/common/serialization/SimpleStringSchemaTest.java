package io.tidemark.api.common.serialization;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimpleStringSchemaTest {

    @Test
    void stringsRoundTripInTheirCharsetAndNullStaysNull() {
        SimpleStringSchema utf8 = new SimpleStringSchema();
        assertThat(utf8.deserialize(utf8.serialize("水位线 ≥ 12:05"))).isEqualTo("水位线 ≥ 12:05");
        assertThat(utf8.serialize("é")).isEqualTo("é".getBytes(StandardCharsets.UTF_8));
        SimpleStringSchema latin1 = new SimpleStringSchema(StandardCharsets.ISO_8859_1);
        assertThat(latin1.serialize("é")).containsExactly((byte) 0xE9);
        assertThat(utf8.deserialize(null)).isNull();
        assertThat(utf8.serialize(null)).isNull();
    }

    @Test
    void aSerializedCopyKeepsTheCharset() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(new SimpleStringSchema(StandardCharsets.UTF_16BE));
        }
        SimpleStringSchema copy;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = (SimpleStringSchema) in.readObject();
        }
        assertThat(copy.getCharset()).isEqualTo(StandardCharsets.UTF_16BE);
        assertThat(copy.serialize("a")).containsExactly(0, 'a');
    }

    @Test
    void aNullRecordIsSkippedByTheCollectingDeserialize() throws Exception {
        DeserializationSchema<String> skipEmpty = m -> m.length == 0 ? null : new String(m, StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>();
        skipEmpty.deserialize(new byte[0], out::add);
        skipEmpty.deserialize("x".getBytes(StandardCharsets.UTF_8), out::add);
        assertThat(out).containsExactly("x");
    }
}
