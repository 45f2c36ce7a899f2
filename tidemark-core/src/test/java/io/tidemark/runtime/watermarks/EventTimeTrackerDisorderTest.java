package io.tidemark.runtime.watermarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.DisorderSketch;
import io.tidemark.time.ManualClock;
import org.junit.jupiter.api.Test;

/** An input's disorder, measured per record and published for a reader at the check after it asked. */
class EventTimeTrackerDisorderTest {

    @Test
    void theDisorderIsPublishedAtTheCheckAfterAReaderAsked() {
        EventTimeTracker t = new EventTimeTracker("p0", new ManualClock(0));
        for (long ts : new long[] {7_000, 3_000, 10_000, 8_000, 15_000, 15_000}) { // seeds/002 §2.1, and one tie
            t.onEvent(null, ts);
        }
        t.check();
        assertThat(t.disorder()).as("nothing published before a reader asked").isNull();
        t.check();
        DisorderSketch d = t.disorder();
        assertThat(d.count()).isEqualTo(6);
        assertThat(d.countAbove(0)).isEqualTo(2);
        assertThat(d.max()).isEqualTo(4_000);
        t.onEvent(null, 1_000); // 14 s behind
        assertThat(t.disorder().count()).as("a published copy does not change").isEqualTo(6);
        t.check();
        assertThat(t.disorder().max()).isEqualTo(14_000);
    }
}
