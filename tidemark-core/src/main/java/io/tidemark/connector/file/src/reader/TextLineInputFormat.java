package io.tidemark.connector.file.src.reader;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Lines of text (Flink's {@code TextLineInputFormat}): each line without its terminator ({@code \n},
 * {@code \r\n} or {@code \r}), in the given charset (UTF-8 by default).
 */
public class TextLineInputFormat implements StreamFormat<String> {

    private static final long serialVersionUID = 1L;

    private final String charsetName;

    public TextLineInputFormat() {
        this(StandardCharsets.UTF_8.name());
    }

    public TextLineInputFormat(String charsetName) {
        this.charsetName = Charset.forName(charsetName).name();
    }

    /** The charset lines are decoded with. */
    public Charset getCharset() {
        return Charset.forName(charsetName);
    }

    @Override
    public Reader<String> createReader(InputStream stream) {
        BufferedReader reader = new BufferedReader(new InputStreamReader(stream, Charset.forName(charsetName)));
        return new Reader<>() {
            @Override
            public String read() throws IOException {
                return reader.readLine();
            }

            @Override
            public void close() throws IOException {
                reader.close();
            }
        };
    }
}
