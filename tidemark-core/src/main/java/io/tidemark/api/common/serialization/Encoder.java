package io.tidemark.api.common.serialization;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Serializable;

/** Writes one record into a row-format file ({@code FileSink.forRowFormat}), as Flink's. */
@FunctionalInterface
public interface Encoder<IN> extends Serializable {

    void encode(IN element, OutputStream stream) throws IOException;
}
