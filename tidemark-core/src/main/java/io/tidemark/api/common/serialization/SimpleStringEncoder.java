package io.tidemark.api.common.serialization;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/** Each record's {@code toString()} and a newline, in the given charset (UTF-8 by default), as Flink's. */
public class SimpleStringEncoder<IN> implements Encoder<IN> {

    private static final long serialVersionUID = 1L;

    private final String charsetName;
    private transient Charset charset;

    public SimpleStringEncoder() {
        this(StandardCharsets.UTF_8.name());
    }

    public SimpleStringEncoder(String charsetName) {
        this.charsetName = Charset.forName(charsetName).name();
    }

    @Override
    public void encode(IN element, OutputStream stream) throws IOException {
        if (charset == null) {
            charset = Charset.forName(charsetName);
        }
        stream.write(element.toString().getBytes(charset));
        stream.write('\n');
    }
}
