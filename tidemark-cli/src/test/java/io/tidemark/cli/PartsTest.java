package io.tidemark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.cli.config.ConfigException;
import io.tidemark.cli.config.Durations;
import io.tidemark.cli.config.TimeUnitKind;
import io.tidemark.cli.gen.GeneratorOptions;
import io.tidemark.cli.gen.OrderGenerator;
import io.tidemark.cli.output.LineFormat;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartsTest {

    @Test
    void durations() {
        assertThat(Durations.parse("k", "250ms", false)).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("k", "10s", false)).isEqualTo(Duration.ofSeconds(10));
        assertThat(Durations.parse("k", "5m", false)).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("k", "1h", false)).isEqualTo(Duration.ofHours(1));
        assertThat(Durations.parse("k", "1d", false)).isEqualTo(Duration.ofDays(1));
        assertThat(Durations.parse("k", "1m30s", false)).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("k", "0", false)).isZero();
        assertThat(Durations.parse("k", "-8h", true)).isEqualTo(Duration.ofHours(-8));
        assertThatThrownBy(() -> Durations.parse("a.b", "-8h", false)).isInstanceOf(ConfigException.class).hasMessageStartingWith("a.b: ");
        for (String bad : new String[] {"10", "10 s", "s", "1.5s", "10sec", ""}) {
            assertThatThrownBy(() -> Durations.parse("k", bad, false)).as(bad).isInstanceOf(ConfigException.class);
        }
        assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("1m30s");
    }

    @Test
    void unitsAreJudgedByTheirNumberOfDigits() {
        assertThat(TimeUnitKind.guessFromMagnitude(99_999_999)).isNull();
        assertThat(TimeUnitKind.guessFromMagnitude(1_704_067_200L)).isEqualTo(TimeUnitKind.S);
        assertThat(TimeUnitKind.guessFromMagnitude(1_704_067_200_000L)).isEqualTo(TimeUnitKind.MS);
        assertThat(TimeUnitKind.guessFromMagnitude(1_704_067_200_000_000L)).isEqualTo(TimeUnitKind.US);
        assertThat(TimeUnitKind.guessFromMagnitude(1.704067200e18)).isEqualTo(TimeUnitKind.NS);
    }

    @Test
    void numbersPrintPlainlyWithoutAFractionWhenWhole() {
        assertThat(LineFormat.number(new BigDecimal("12.0"))).isEqualTo("12");
        assertThat(LineFormat.number(new BigDecimal("1.2E+3"))).isEqualTo("1200");
        assertThat(LineFormat.number(new BigDecimal("0.000"))).isEqualTo("0");
        assertThat(LineFormat.number(new BigDecimal("4.50"))).isEqualTo("4.5");
        assertThat(LineFormat.number(new BigDecimal("-0.001"))).isEqualTo("-0.001");
    }

    @Test
    void theGeneratorWritesInArrivalOrderAndLeavesIdleStretchesEmpty(@TempDir Path dir) throws Exception {
        GeneratorOptions g = new GeneratorOptions();
        g.keys = 4;
        g.rate = 10;
        g.duration = Duration.ofMinutes(10);
        g.splits = 2;
        g.idle.add(new GeneratorOptions.IdleStretch("p1", 120_000, 180_000));
        g.csv = true;
        OrderGenerator gen = new OrderGenerator(g);
        List<String> lines = new ArrayList<>();
        gen.forEachRemaining(lines::add);
        assertThat(lines.get(0)).isEqualTo(OrderGenerator.CSV_HEADER);
        long lastArrival = Long.MIN_VALUE;
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",");
            long eventTime = Long.parseLong(f[3]);
            long arrival = Long.parseLong(f[4]);
            assertThat(arrival).isGreaterThanOrEqualTo(lastArrival).isGreaterThanOrEqualTo(eventTime);
            lastArrival = arrival;
            long sinceStart = eventTime - g.start;
            if (f[5].equals("p1")) {
                assertThat(sinceStart < 120_000 || sinceStart >= 300_000).as(l).isTrue();
            }
        }
        assertThat(lines).hasSizeLessThan(6001).hasSizeGreaterThan(4000);
        Files.write(dir.resolve("x.csv"), lines);
    }
}
