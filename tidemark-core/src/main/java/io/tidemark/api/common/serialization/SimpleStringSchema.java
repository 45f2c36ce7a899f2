package io.tidemark.api.common.serialization;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** Strings as their bytes in one charset (UTF-8 unless given), both ways. */
public class SimpleStringSchema implements DeserializationSchema<String>, SerializationSchema<String> {

    private static final long serialVersionUID = 1L;

    /** Kept by name: {@link Charset} is not serializable. */
    private final String charsetName;
    private transient Charset charset;

    public SimpleStringSchema() {
        this(StandardCharsets.UTF_8);
    }

    public SimpleStringSchema(Charset charset) {
        this.charsetName = Objects.requireNonNull(charset, "charset").name();
        this.charset = charset;
    }

    public Charset getCharset() {
        if (charset == null) {
            charset = Charset.forName(charsetName);
        }
        return charset;
    }

    @Override
    public String deserialize(byte[] message) {
        return message == null ? null : new String(message, getCharset());
    }

    @Override
    public byte[] serialize(String element) {
        return element == null ? null : element.getBytes(getCharset());
    }
}
