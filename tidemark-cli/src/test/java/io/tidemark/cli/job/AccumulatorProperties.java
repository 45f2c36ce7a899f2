package io.tidemark.cli.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A sum kept in units ({@link Accumulator#addUnits}) is, after any sequence of values, the decimal that
 * {@link BigDecimal#add} gives from the same values in the same order — the same value and the same
 * scale — whether the units overflow a {@code long} or not, with decimals mixed in, and through Java
 * serialization at any point.
 */
class AccumulatorProperties {

    /** One value to add: units at a scale, or (asDecimal) the same value given as a decimal. */
    record Value(long units, int scale, boolean asDecimal) {
        BigDecimal decimal() {
            return BigDecimal.valueOf(units, scale);
        }
    }

    @Provide
    Arbitrary<Value> value() {
        Arbitrary<Long> units = Arbitraries.oneOf(Arbitraries.longs().between(-99_999, 99_999),
                Arbitraries.longs().between(-999_999_999_999_999_999L, 999_999_999_999_999_999L),
                Arbitraries.of(0L, 1L, -1L, 999_999_999_999_999_999L, -999_999_999_999_999_999L));
        Arbitrary<Integer> scales = Arbitraries.oneOf(Arbitraries.integers().between(0, 3), Arbitraries.integers().between(-3, 20));
        return Combinators.combine(units, scales, Arbitraries.of(false, false, false, false, true)).as(Value::new);
    }

    @Property
    void unitsSumAsBigDecimalAddsInOrder(@ForAll("values") List<Value> values, @ForAll("cut") int serializeAt) throws Exception {
        Accumulator acc = new Accumulator(1);
        BigDecimal expected = null;
        for (int i = 0; i < values.size(); i++) {
            if (i == serializeAt) {
                acc = roundTrip(acc);
            }
            Value v = values.get(i);
            if (v.asDecimal()) {
                acc.addDecimal(0, v.decimal());
            } else {
                acc.addUnits(0, v.units(), v.scale());
            }
            expected = expected == null ? v.decimal() : expected.add(v.decimal());
            BigDecimal got = acc.sum(0);
            assertThat(got.unscaledValue()).as("after %s", values.subList(0, i + 1)).isEqualTo(expected.unscaledValue());
            assertThat(got.scale()).as("after %s", values.subList(0, i + 1)).isEqualTo(expected.scale());
        }
        assertThat(roundTrip(acc).sum(0)).isEqualTo(expected);
    }

    @Provide
    Arbitrary<List<Value>> values() {
        return value().list().ofMinSize(1).ofMaxSize(40);
    }

    @Provide
    Arbitrary<Integer> cut() {
        return Arbitraries.integers().between(0, 45);
    }

    @Example
    void anOverflowingSumTurnsDecimal() {
        Accumulator acc = new Accumulator(1);
        acc.addUnits(0, 999_999_999_999_999_999L, 2);
        for (int i = 0; i < 20; i++) {
            acc.addUnits(0, 999_999_999_999_999_999L, 2);
        }
        acc.addUnits(0, 5, -1);
        assertThat(acc.sum(0)).isEqualTo(new BigDecimal("210000000000000049.79")); // 21 × 9,999,999,999,999,999.99 + 50: beyond a long in units
        assertThat(acc.sum(0).scale()).isEqualTo(2);
    }

    @Example
    void mergeAddsBothForms() {
        EventAggregate agg = new EventAggregate(List.of(new io.tidemark.cli.config.AggregateSpec(io.tidemark.cli.config.AggregateSpec.Kind.SUM,
                "amount")));
        Accumulator a = agg.createAccumulator();
        a.addUnits(0, 150, 2);
        Accumulator b = agg.createAccumulator();
        b.addDecimal(0, new BigDecimal("2.5"));
        Accumulator m = agg.merge(a, b);
        assertThat(m.sum(0)).isEqualTo(new BigDecimal("4.00"));
        assertThat(a.sum(0)).isEqualTo(new BigDecimal("1.50"));
    }

    private static Accumulator roundTrip(Accumulator acc) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(acc);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Accumulator) in.readObject();
        }
    }
}
