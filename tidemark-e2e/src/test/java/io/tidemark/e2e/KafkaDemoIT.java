package io.tidemark.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./tidemark kafka-demo}: the launcher adds {@code tidemark-kafka/target/lib} (the local broker,
 * an optional dependency the command's own lib/ lacks); the orders written 600 times faster than they
 * arrived, so that it takes seconds.
 */
class KafkaDemoIT {

    @Test
    void theKafkaDemoRunsOnItsLocalBroker(@TempDir Path work) throws Exception {
        Launcher.Result r = Launcher.run(work.resolve("run"), Duration.ofMinutes(3), "kafka-demo", "--speedup", "600",
                "--dir", work.resolve("demo").toString()).exits(0);
        assertThat(r.out()).contains("broker    Kafka").containsPattern("accounted +\\d+ .*: OK");
    }
}
