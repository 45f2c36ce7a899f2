package io.tidemark.cli.config;

/**
 * A mistake in a job file or on the command line, found before any record is processed. The message
 * names the key (for instance {@code window.size}); the command exits with code 2.
 */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String key;

    public ConfigException(String key, String message) {
        super(key == null || key.isEmpty() ? message : key + ": " + message);
        this.key = key;
    }

    /** The key the mistake is about (dotted path, e.g. {@code watermark.idleness}), or null. */
    public String getKey() {
        return key;
    }
}
