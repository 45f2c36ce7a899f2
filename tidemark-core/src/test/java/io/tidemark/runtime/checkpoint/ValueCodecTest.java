package io.tidemark.runtime.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tidemark.api.java.tuple.Tuple2;
import io.tidemark.api.java.tuple.Tuple3;
import io.tidemark.runtime.state.VoidNamespace;
import io.tidemark.streaming.api.windowing.windows.GlobalWindow;
import io.tidemark.streaming.api.windowing.windows.TimeWindow;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** State values come back from a snapshot's bytes equal, of the same class, in the same order. */
class ValueCodecTest {

    record Point(int x, String label) implements Serializable {}

    static Object roundTrip(Object v) throws IOException {
        StateOutput out = new StateOutput(4);
        out.writeValue(v);
        out.writeLong(42); // the stream goes on after the value
        StateInput in = new StateInput(out.toByteArray(), out.javaBytes());
        Object back = in.readValue();
        assertThat(in.readLong()).isEqualTo(42);
        assertThat(in.remaining()).isZero();
        return back;
    }

    @Test
    void everyKnownTypeComesBackEqualAndOfTheSameClass() throws IOException {
        Map<String, Long> linked = new LinkedHashMap<>();
        linked.put("z", 1L);
        linked.put("a", 2L);
        List<Object> values = List.of(7L, 7, "séance", 1.5d, true, 2.5f, (short) 3, (byte) 4, 'x', new BigDecimal("-12.3400"),
                new BigInteger("123456789012345678901234567890"), new TimeWindow(-5, 10), GlobalWindow.get(), VoidNamespace.INSTANCE,
                Tuple2.of("k", 3L), Tuple3.of(1, Tuple2.of(2L, "x"), null), new ArrayList<>(List.of(1L, "two")),
                new HashMap<>(Map.of("a", 1)), linked, new HashSet<>(List.of(1, 2)), new LinkedHashSet<>(List.of("b", "a")),
                new Point(3, "p"), new TreeMap<>(Map.of("k", "v")));
        for (Object v : values) {
            Object back = roundTrip(v);
            assertThat(back).as(v.getClass().getName()).isEqualTo(v).hasSameClassAs(v);
        }
        assertThat(new ArrayList<Object>(((Map<?, ?>) roundTrip(linked)).keySet())).containsExactly("z", "a");
        assertThat(roundTrip(null)).isNull();
    }

    @Test
    void arraysComeBackWithTheirElements() throws IOException {
        assertThat((byte[]) roundTrip(new byte[] {1, -2})).containsExactly(1, -2);
        assertThat((long[]) roundTrip(new long[] {Long.MIN_VALUE, 0, 9})).containsExactly(Long.MIN_VALUE, 0, 9);
        assertThat((int[]) roundTrip(new int[] {-1, 5})).containsExactly(-1, 5);
        assertThat((double[]) roundTrip(new double[] {0.5, -1})).containsExactly(0.5, -1);
    }

    @Property(tries = 200)
    void stringsOfAnyLengthAndLongsOfAnyValue(@ForAll String s, @ForAll long l) throws IOException {
        assertThat(roundTrip(s)).isEqualTo(s);
        assertThat(roundTrip(l)).isEqualTo(l);
        assertThat(roundTrip(Tuple2.of(s, l))).isEqualTo(Tuple2.of(s, l));
    }

    @Test
    void javaSerializedObjectsShareOneStreamAndComeBackInOrder() throws IOException {
        StateOutput out = new StateOutput();
        for (int i = 0; i < 100; i++) {
            out.writeValue(new Point(i, "p" + i));
        }
        byte[] java = out.javaBytes();
        assertThat(java.length).as("the class is described once, not 100 times").isLessThan(100 * 60);
        StateInput in = new StateInput(out.toByteArray(), java);
        for (int i = 0; i < 100; i++) {
            assertThat(in.readValue()).isEqualTo(new Point(i, "p" + i));
        }
    }

    static final class Opaque {}

    @Test
    void aValueThatCannotBeWrittenIsNamed() {
        assertThatThrownBy(() -> new StateOutput().writeValue(new Opaque())).isInstanceOf(NotSerializableException.class)
                .hasMessageContaining(Opaque.class.getName()).hasMessageContaining("Serializable");
    }

    @Test
    void aCorruptTagOrLengthFailsClearly() {
        assertThatThrownBy(() -> new StateInput(new byte[] {(byte) 200}).readValue()).isInstanceOf(IOException.class)
                .hasMessageContaining("unknown value tag 200");
        assertThatThrownBy(() -> new StateInput(new byte[] {ValueCodec.LONGS, 0x7f, 0, 0, 0}).readValue())
                .isInstanceOf(IOException.class).hasMessageContaining("corrupt snapshot");
    }
}
