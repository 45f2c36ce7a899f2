package io.tidemark.connector.file.src.reader;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;

/**
 * Reads records one by one from a file's (decompressed) byte stream, as Flink's {@code StreamFormat}
 * does for {@code FileSource.forRecordStreamFormat}. Simpler than Flink's: the reader gets the stream
 * only (no configuration, no split offsets); files are never split.
 */
public interface StreamFormat<T> extends Serializable {

    /** A reader of the records in {@code stream}. */
    Reader<T> createReader(InputStream stream) throws IOException;

    /** Reads records until the end of the stream. */
    interface Reader<T> extends Closeable {
        /** The next record, or null at the end. */
        T read() throws IOException;
    }
}
