package io.tidemark.streaming.api.functions.sink.filesystem;

import java.io.Serializable;
import java.util.Objects;

/** The prefix and suffix of part files ({@code part-<id>-<n>} by default), as Flink's. */
public class OutputFileConfig implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String partPrefix;
    private final String partSuffix;

    public OutputFileConfig(String partPrefix, String partSuffix) {
        this.partPrefix = Objects.requireNonNull(partPrefix);
        this.partSuffix = Objects.requireNonNull(partSuffix);
    }

    public String getPartPrefix() {
        return partPrefix;
    }

    public String getPartSuffix() {
        return partSuffix;
    }

    public static OutputFileConfigBuilder builder() {
        return new OutputFileConfigBuilder();
    }

    /** Builds an {@link OutputFileConfig}. */
    public static final class OutputFileConfigBuilder {
        private String partPrefix = "part";
        private String partSuffix = "";

        public OutputFileConfigBuilder withPartPrefix(String prefix) {
            this.partPrefix = prefix;
            return this;
        }

        public OutputFileConfigBuilder withPartSuffix(String suffix) {
            this.partSuffix = suffix;
            return this;
        }

        public OutputFileConfig build() {
            return new OutputFileConfig(partPrefix, partSuffix);
        }
    }
}
