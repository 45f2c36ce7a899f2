package io.tidemark.core.execution;

import io.tidemark.api.common.ExecutionConfig;
import io.tidemark.configuration.Configuration;
import io.tidemark.streaming.api.transformations.Transformation;
import io.tidemark.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * A job as the API hands it to an engine: the graph of transformations and the job-wide settings.
 *
 * @param jobName the name the job runs under
 * @param transformations every node of the pipeline, in the order the program added them
 * @param config job-wide settings (watermark emission)
 * @param clock the processing-time clock ({@code env.setClock}); an engine that cannot follow it says so
 * @param parallelism the default parallelism of operators
 * @param configuration the keys the program configured ({@code env.configure}) and the runtime mode:
 *     the embedded engine honours some (and warns about the others), the Flink runner hands all to Flink
 */
public record Pipeline(String jobName, List<Transformation<?>> transformations, ExecutionConfig config, Clock clock,
        int parallelism, Configuration configuration) {

    /** A pipeline without configured keys. */
    public Pipeline(String jobName, List<Transformation<?>> transformations, ExecutionConfig config, Clock clock,
            int parallelism) {
        this(jobName, transformations, config, clock, parallelism, new Configuration());
    }

    public Pipeline {
        Objects.requireNonNull(jobName, "job name");
        transformations = List.copyOf(transformations);
        Objects.requireNonNull(config, "execution config");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(configuration, "configuration");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
        }
    }
}
