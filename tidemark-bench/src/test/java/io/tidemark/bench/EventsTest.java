package io.tidemark.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Framework records made before timing are the rows' own values, shared by prefixes. */
class EventsTest {

    @Test
    void recordsMadeBeforeTimingHoldTheRowsValues() {
        for (Events e : new Events[] {Events.keyed(1_000, 50, 0.05, 1), Events.nexmark(1_000, 2)}) {
            Event[] constructed = new Event[e.n];
            for (int i = 0; i < e.n; i++) {
                constructed[i] = e.event(i);
            }
            assertThat(e.hasRecords()).isFalse();
            assertThat(e.event(7)).isNotSameAs(e.event(7)); // a new record per call until they are made

            e.withRecords();

            assertThat(e.hasRecords()).isTrue();
            for (int i = 0; i < e.n; i++) {
                assertThat(e.event(i)).as("row %d", i).usingRecursiveComparison().isEqualTo(constructed[i]);
            }
            assertThat(e.event(7)).isSameAs(e.event(7));
            assertThat(e.prefix(10).event(7)).isSameAs(e.event(7));
        }
    }
}
