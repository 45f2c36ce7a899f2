package io.tidemark.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill -9 test in CI (scripts/crash-test.sh runs the long version): the job's JVM killed with
 * SIGKILL 8 times at seeded random points of its progress, restarted each time from its checkpoints,
 * commits exactly the fault-free run's results and late records.
 */
class KillNineTest {

    @TempDir
    Path work;

    @Test
    void killedAndRestartedEightTimesTheJobCommitsExactlyTheFaultFreeOutput() throws Exception {
        CrashDriver.Report r = CrashDriver.run(work, 8, 17, 60_000, 1);
        assertThat(r.results()).isGreaterThan(1000);
        assertThat(r.late()).isGreaterThan(10);
        assertThat(r.lost()).as("lost").isEmpty();
        assertThat(r.duplicated()).as("duplicated or different").isEmpty();
        assertThat(r.killedMidRun()).as("kills that hit a running job").isGreaterThan(0);
    }
}
