package io.tidemark.bench;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;

/**
 * Heap and GC figures of one timed run: peak heap in use (sampled every 5 ms, garbage included), peak
 * heap left after a collection (the live set, as each GC reports it), both above the baseline measured
 * after a full GC just before the run (the shared input columns are part of the baseline), and the
 * GC time and count during the run.
 */
final class Measure implements AutoCloseable {

    private final List<GarbageCollectorMXBean> gcs = ManagementFactory.getGarbageCollectorMXBeans();
    private final List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
    private final long baseline;
    private final long gcTime0;
    private final long gcCount0;
    private final Thread sampler;
    private volatile boolean running = true;
    private volatile long peakUsed;
    private volatile long peakAfterGc;
    long gcMillis;
    long gcCount;

    Measure() {
        System.gc();
        baseline = used();
        gcTime0 = gcTime();
        gcCount0 = gcCountNow();
        sampler = new Thread(() -> {
            while (running) {
                sample();
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    private long used() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private void sample() {
        long u = used();
        if (u > peakUsed) {
            peakUsed = u;
        }
        long after = 0;
        for (MemoryPoolMXBean p : pools) {
            if (p.getType() == MemoryType.HEAP) {
                MemoryUsage c = p.getCollectionUsage();
                if (c != null) {
                    after += c.getUsed();
                }
            }
        }
        if (after > peakAfterGc) {
            peakAfterGc = after;
        }
    }

    private long gcTime() {
        long t = 0;
        for (GarbageCollectorMXBean g : gcs) {
            t += Math.max(0, g.getCollectionTime());
        }
        return t;
    }

    private long gcCountNow() {
        long t = 0;
        for (GarbageCollectorMXBean g : gcs) {
            t += Math.max(0, g.getCollectionCount());
        }
        return t;
    }

    /** Peak heap in use above the baseline, MiB. */
    double peakUsedMiB() {
        return Math.max(0, peakUsed - baseline) / 1048576.0;
    }

    /** Peak heap after a collection above the baseline, MiB (0 when no GC ran). */
    double peakLiveMiB() {
        return Math.max(0, peakAfterGc - baseline) / 1048576.0;
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
        try {
            sampler.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sample();
        gcMillis = gcTime() - gcTime0;
        gcCount = gcCountNow() - gcCount0;
    }
}
