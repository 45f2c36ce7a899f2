package io.tidemark.cli.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The figures as JSON ({@code --json}): the records of {@link Figures}, {@link Profile} and {@link Tune}, field for field. */
final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {}

    static String write(Object figures) throws JsonProcessingException {
        return MAPPER.writeValueAsString(figures) + "\n";
    }
}
