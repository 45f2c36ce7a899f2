package io.tidemark.cli.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Stopping the flusher lets a flush under way finish uninterrupted: the command stopped it with an
 * interrupt, and a run whose output was an H2 table failed at its end now and then (CliOnFlinkTest:
 * "interrupted while waiting to retry: cannot write 47 rows to table late_orders", caused by H2's
 * ClosedByInterruptException on COMMIT) when the stop met a flush.
 */
class OutputFlusherTest {

    @Test
    void closeWaitsForTheFlushUnderWayAndNeverInterruptsIt() throws Exception {
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        OutputFlusher flusher = new OutputFlusher("test-flusher", 1, () -> {
            if (finished.get()) {
                return;
            }
            inside.countDown();
            try {
                release.await(60, TimeUnit.SECONDS); // a bound for a broken test, not a sleep
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
            finished.set(true);
        });
        assertThat(inside.await(60, TimeUnit.SECONDS)).isTrue();
        Thread closer = new Thread(flusher::close, "closer");
        closer.start();
        // close has begun once the closer waits for the flusher thread
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (closer.isAlive() && closer.getState() != Thread.State.TIMED_WAITING && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(closer.getState()).isEqualTo(Thread.State.TIMED_WAITING);
        assertThat(closer.isAlive()).as("close waits for the flush under way").isTrue();
        release.countDown();
        closer.join(60_000);
        assertThat(closer.isAlive()).isFalse();
        assertThat(interrupted).as("the flush was interrupted").isFalse();
        assertThat(finished).isTrue();
    }
}
