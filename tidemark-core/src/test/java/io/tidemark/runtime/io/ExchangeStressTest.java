package io.tidemark.runtime.io;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.transformations.PartitionTransformation.Partitioning;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.RepeatedTest;

/**
 * Many producer threads write through {@link RecordWriter}s into bounded {@link InputGate}s read by
 * consumer threads: every record arrives exactly once, in order per (producer, consumer) channel,
 * watermarks stay in order with the records, end of input arrives last, and no gate ever holds more
 * than its bound. Randomized; fails on any loss, duplicate, reordering or overflow.
 */
class ExchangeStressTest {

    private static final int RECORDS_PER_PRODUCER = 60_000;

    @RepeatedTest(4)
    void recordsArriveExactlyOnceAndInOrderPerChannel() throws Exception {
        Random random = new Random();
        int producers = 1 + random.nextInt(4);
        int consumers = 1 + random.nextInt(4);
        Partitioning partitioning = random.nextBoolean() ? Partitioning.HASH : Partitioning.REBALANCE;
        InputGate[] gates = new InputGate[consumers];
        for (int i = 0; i < consumers; i++) {
            gates[i] = new InputGate(producers);
        }
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        long[][] received = new long[consumers][producers];
        long[][] lastSeq = new long[consumers][producers];
        int[] maxQueued = new int[consumers];
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < consumers; c++) {
            final int consumer = c;
            java.util.Arrays.fill(lastSeq[c], -1);
            threads.add(new Thread(() -> {
                try {
                    int ended = 0;
                    long[] lastWatermark = new long[producers];
                    java.util.Arrays.fill(lastWatermark, Long.MIN_VALUE);
                    while (ended < producers) {
                        maxQueued[consumer] = Math.max(maxQueued[consumer], gates[consumer].queued());
                        Batch b = gates[consumer].poll(10_000);
                        if (b == null) {
                            throw new AssertionError("consumer " + consumer + " starved: a producer's data was lost");
                        }
                        int ch = b.channel();
                        for (int i = 0; i < b.size(); i++) {
                            Object item = b.get(i);
                            if (item instanceof StreamRecord) {
                                long[] v = (long[]) ((StreamRecord<?>) item).getValue();
                                if (v[0] != ch) {
                                    throw new AssertionError("record of producer " + v[0] + " on channel " + ch);
                                }
                                if (v[1] <= lastSeq[consumer][ch]) {
                                    throw new AssertionError("out of order on channel " + ch + ": " + v[1] + " after " + lastSeq[consumer][ch]);
                                }
                                if (lastWatermark[ch] >= v[1]) {
                                    throw new AssertionError("record " + v[1] + " behind a watermark " + lastWatermark[ch] + " sent after it");
                                }
                                lastSeq[consumer][ch] = v[1];
                                received[consumer][ch]++;
                            } else if (item instanceof Watermark) {
                                lastWatermark[ch] = ((Watermark) item).getTimestamp();
                            } else if (item == EndOfInput.INSTANCE) {
                                ended++;
                            }
                        }
                    }
                } catch (Throwable t) {
                    failures.add(t);
                }
            }, "consumer-" + c));
        }
        for (int p = 0; p < producers; p++) {
            final int producer = p;
            threads.add(new Thread(() -> {
                try {
                    RecordWriter<long[]> writer = new RecordWriter<>(gates, producer, partitioning,
                            (long[] v) -> v[2]);
                    Random r = new Random(producer);
                    for (long seq = 0; seq < RECORDS_PER_PRODUCER; seq++) {
                        long key = r.nextInt(1000);
                        writer.processElement(new StreamRecord<>(new long[] {producer, seq, key}, seq));
                        if (seq % 1000 == 999) {
                            writer.processWatermark(new Watermark(seq));
                        }
                        if (r.nextInt(5000) == 0) {
                            writer.flush();
                        }
                        if (r.nextInt(20_000) == 0) {
                            Thread.yield();
                        }
                    }
                    writer.endInput();
                } catch (Throwable t) {
                    failures.add(t);
                }
            }, "producer-" + p));
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
            assertThat(t.isAlive()).as("thread %s finished (no deadlock)", t.getName()).isFalse();
        }
        assertThat(failures).isEmpty();
        long total = 0;
        for (int c = 0; c < consumers; c++) {
            for (int p = 0; p < producers; p++) {
                total += received[c][p];
            }
            assertThat(maxQueued[c]).isLessThanOrEqualTo(InputGate.CAPACITY_BATCHES);
        }
        assertThat(total).isEqualTo((long) producers * RECORDS_PER_PRODUCER);
    }
}
