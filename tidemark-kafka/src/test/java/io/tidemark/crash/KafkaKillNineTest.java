package io.tidemark.crash;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.connector.kafka.SharedBroker;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill -9 test over Kafka in CI ({@code scripts/crash-test.sh --source kafka} runs the long
 * version): the job reading a topic and writing part files and topics exactly once, its JVM killed with
 * SIGKILL 8 times at seeded random points of its progress and restarted each time from its checkpoints,
 * commits exactly the fault-free run's results and late records — in the files, and for a
 * {@code read_committed} reader of the topics.
 */
class KafkaKillNineTest {

    @TempDir
    Path work;

    @Test
    void killedAndRestartedEightTimesTheKafkaJobCommitsExactlyTheFaultFreeOutputToFilesAndTopics() throws Exception {
        KafkaCrashDriver.Report r = KafkaCrashDriver.run(SharedBroker.get(), work, 8, 23, 40_000, 1);
        assertThat(r.files().results()).isGreaterThan(1000);
        assertThat(r.files().late()).isGreaterThan(10);
        assertThat(r.files().lost()).as("lost from the files").isEmpty();
        assertThat(r.files().duplicated()).as("duplicated in the files").isEmpty();
        assertThat(r.topicResults()).isEqualTo(r.files().results());
        assertThat(r.topicLate()).isEqualTo(r.files().late());
        assertThat(r.topicLost()).as("lost from the topics").isEmpty();
        assertThat(r.topicDuplicated()).as("duplicated in the topics").isEmpty();
        assertThat(r.killedMidRun()).as("kills that hit a running job").isGreaterThan(0);
    }
}
