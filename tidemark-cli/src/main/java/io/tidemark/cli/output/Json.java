package io.tidemark.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * JSON text that is valid UTF-8 whatever it holds. Java strings may hold lone surrogates (a JSON
 * escape {@code "\ud800"} in the input reads as one); written as they are, they are not UTF-8. Here
 * they are written as {@code \\uXXXX} escapes, which keep their value and are plain ASCII.
 */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder().build();

    private Json() {}

    /** {@code s} as a JSON string literal, quotes included. */
    public static String string(String s) {
        try {
            return escapeLoneSurrogates(MAPPER.writeValueAsString(s));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** JSON text with every lone surrogate (which can only sit inside a string) written as an escape. */
    public static String escapeLoneSurrogates(String json) {
        int i = firstLoneSurrogate(json);
        if (i < 0) {
            return json;
        }
        StringBuilder sb = new StringBuilder(json.length() + 16).append(json, 0, i);
        for (; i < json.length(); i++) {
            char c = json.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < json.length() && Character.isLowSurrogate(json.charAt(i + 1))) {
                sb.append(c).append(json.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** {@code s} with every lone surrogate replaced by U+FFFD (for formats without escapes, CSV). */
    public static String replaceLoneSurrogates(String s) {
        int i = firstLoneSurrogate(s);
        if (i < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length()).append(s, 0, i);
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                sb.append(c).append(s.charAt(++i));
            } else {
                sb.append(Character.isSurrogate(c) ? '\uFFFD' : c);
            }
        }
        return sb.toString();
    }

    private static int firstLoneSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }
}
