package io.tidemark.api.common.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DisorderProfileTest {

    private static final long T0 = 12 * 3600_000L;

    /** seeds/002 §2.1's events 12:00:07, :03, :10, :08, :15: disorder 0, 4 s, 0, 2 s, 0. */
    @Test
    void disorderIsTheDistanceBehindTheHighestEventTimeBefore() {
        DisorderProfile p = new DisorderProfile();
        List<Long> d = new ArrayList<>();
        for (long t : new long[] {7_000, 3_000, 10_000, 8_000, 15_000}) {
            d.add(p.observe(T0 + t));
        }
        assertThat(d).containsExactly(0L, 4_000L, 0L, 2_000L, 0L);
        assertThat(p.count()).isEqualTo(5);
        assertThat(p.disorderedCount()).isEqualTo(2);
        assertThat(p.disorderAt(1.0)).isEqualTo(Duration.ofSeconds(4));
        assertThat(p.span()).isEqualTo(Duration.ofSeconds(12));
    }

    @Test
    void theRecommendedBoundIsP99TimesTheFactorRoundedUpToTwoDigits() {
        DisorderProfile p = new DisorderProfile();
        long highest = 1_000_000;
        for (long d = 0; d < 1000; d++) { // disorder 0, 1, …, 999 ms: P99 is 989 ms, within 1 %
            p.observe(highest - d);
        }
        assertThat(p.disorderAt(0.99).toMillis()).isBetween(979L, 999L);
        assertThat(p.recommendedBound()).isEqualTo(Duration.ofMillis(1300)); // 989 × 1.3 = 1286 → 1300
        assertThat(p.recommendedBound(0.5, 1.0)).isEqualTo(Duration.ofMillis(500));
        assertThat(p.recommendedIdleness()).isEqualTo(Duration.ofMillis(3900));
        assertThat(DisorderProfile.roundUp(8437)).isEqualTo(8500);
        assertThat(DisorderProfile.roundUp(123)).isEqualTo(130);
        assertThat(DisorderProfile.roundUp(99)).isEqualTo(99);
    }

    @Test
    void delaysAreArrivalMinusEventTime() {
        DisorderProfile p = new DisorderProfile();
        p.observe(T0, T0 + 2_000);
        p.observe(T0 + 1_000, T0 + 1_500);
        p.observe(T0 + 5_000, T0 + 4_000); // arrived before it happened: a clock ahead
        assertThat(p.delay().count()).isEqualTo(3);
        assertThat(p.delay().max()).isEqualTo(2_000);
        assertThat(p.delay().negatives()).isEqualTo(1);
    }

    @Test
    void aProfileGivesTheBoundedOutOfOrdernessStrategyItsBound() {
        DisorderProfile p = new DisorderProfile();
        for (long t : new long[] {7_000, 3_000, 10_000, 8_000, 15_000}) {
            p.observe(T0 + t);
        }
        Duration bound = p.recommendedBound(); // P99 of {0, 4 s, 0, 2 s, 0} is 4 s; × 1.3 = 5.2 s
        assertThat(bound).isEqualTo(Duration.ofMillis(5200));
        WatermarkStrategy<Long> s = WatermarkStrategy.<Long>forBoundedOutOfOrderness(p.recommendedBound())
                .withTimestampAssigner((v, ts) -> v);
        WatermarkGenerator<Long> g = s.createWatermarkGenerator(() -> null);
        List<Long> emitted = new ArrayList<>();
        WatermarkOutput out = new WatermarkOutput() {
            @Override
            public void emitWatermark(Watermark w) {
                emitted.add(w.getTimestamp());
            }

            @Override
            public void markIdle() {}

            @Override
            public void markActive() {}
        };
        g.onEvent(T0 + 15_000, T0 + 15_000, out);
        g.onPeriodicEmit(out);
        assertThat(emitted).containsExactly(T0 + 15_000 - 5_200 - 1);
    }

    @Test
    void nothingObservedRecommendsNothing() {
        assertThatThrownBy(() -> new DisorderProfile().recommendedBound()).isInstanceOf(IllegalStateException.class);
    }
}
