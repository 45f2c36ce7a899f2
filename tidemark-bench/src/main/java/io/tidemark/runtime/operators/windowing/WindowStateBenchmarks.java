package io.tidemark.runtime.operators.windowing;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH micro-benchmarks of the window operator's fast-path state (package-private classes, hence this
 * package): a {@link WindowSlice} lookup of a key among {@code keys} live keys, by {@code Long} keys
 * (compared by value in the index) and by {@code String} keys (hash, then {@code equals}); and a
 * {@link SessionTimers} registration plus the firing of due timers, as a session's element and the
 * watermark cause them. Run: {@code tidemark-bench/bench.sh --jmh WindowStateBenchmarks -f 1 -wi 3 -i 5}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class WindowStateBenchmarks {

    @Param({"1000", "10000", "100000"})
    public int keys;

    private WindowSlice.OfObjects longSlice;
    private WindowSlice.OfObjects stringSlice;
    private Object[] longProbes;
    private Object[] stringProbes;
    private int next;

    private SessionTimers timers;
    private Session[] sessions;
    private long time;

    @Setup
    public void setup() {
        SplittableRandom r = new SplittableRandom(42);
        longSlice = new WindowSlice.OfObjects(0);
        stringSlice = new WindowSlice.OfObjects(0);
        for (int k = 0; k < keys; k++) {
            longSlice.findOrAdd((long) k * 7919, k);
            stringSlice.findOrAdd("key-" + k, k);
        }
        int probes = 1 << 20;
        longProbes = new Object[probes];
        stringProbes = new Object[probes];
        for (int i = 0; i < probes; i++) {
            int k = r.nextInt(keys);
            longProbes[i] = Long.valueOf((long) k * 7919); // a fresh box, as a key selector makes
            stringProbes[i] = "key-" + k;
        }
        timers = new SessionTimers();
        sessions = new Session[keys];
        for (int k = 0; k < keys; k++) {
            sessions[k] = new Session((long) k, 0, 1);
        }
    }

    /** Finds a present {@code Long} key: one index probe and the entry's key bits. */
    @Benchmark
    public int sliceLongKey() {
        int i = next;
        next = (i + 1) & (longProbes.length - 1);
        return longSlice.findOrAdd(longProbes[i], 0);
    }

    /** Finds a present {@code String} key: the index, the entry's hash, then {@code equals}. */
    @Benchmark
    public int sliceStringKey() {
        int i = next;
        next = (i + 1) & (stringProbes.length - 1);
        return stringSlice.findOrAdd(stringProbes[i], 0);
    }

    /**
     * A session's element moves its timer (the old one is cancelled, a new one registered 1 s ahead);
     * every {@code keys} elements the watermark fires a second's worth of timers.
     */
    @Benchmark
    public int sessionTimerMoveAndFire() {
        int i = next;
        next = i + 1 == sessions.length ? 0 : i + 1;
        Session s = sessions[i];
        timers.deleteAll(s);
        timers.register(s, time + 1_000 + (i & 1023));
        if (i == sessions.length - 1) {
            time += 1_000;
            while (timers.pollUpTo(time) != null) {
                // fired
            }
        }
        return timers.liveTimers();
    }
}
