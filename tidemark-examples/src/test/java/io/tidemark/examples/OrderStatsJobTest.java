package io.tidemark.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.examples.ReplaySource.Arrival;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.windowing.Firing;
import io.tidemark.testutils.CollectSink;
import io.tidemark.time.ReplayClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class OrderStatsJobTest {

    /** 2024-06-01T10:00:00Z + hh:mm:ss. */
    static long at(String hhmmss) {
        return Instant.parse("2024-06-01T" + hhmmss + "Z").toEpochMilli();
    }

    static Arrival<OrderEvent> order(String arrival, String id, String user, String eventTime, double amount) {
        return new Arrival<>(at(arrival), new OrderEvent(id, user, at(eventTime), amount));
    }

    static final long W0 = at("10:00:00");
    static final long W1 = at("10:05:00");
    static final long W2 = at("10:10:00");

    /**
     * Hand-made input. Watermark before an order = (largest event time of the orders before it) − 10 s − 1 ms
     * (the periodic emission runs between any two of these orders: they are ≥ 2 s apart). Window
     * [10:00,10:05) has max timestamp 10:04:59.999, fires when the watermark reaches it and is cleaned up
     * when the watermark reaches 10:05:29.999 (30 s allowed lateness).
     */
    static List<Arrival<OrderEvent>> handMadeOrders() {
        return List.of(
                order("10:04:00", "o1", "alice", "10:03:58", 10.00),
                order("10:04:20", "o2", "bob", "10:04:17", 20.00),
                order("10:04:40", "o3", "alice", "10:04:31", 7.50),
                order("10:04:58", "o4", "bob", "10:04:50", 12.25),
                order("10:05:03", "o5", "alice", "10:05:00", 1.00), // on the boundary: belongs to [10:05, 10:10)
                order("10:05:06", "o6", "alice", "10:04:57", 2.50), // wm 10:04:49.999: 9 s out of order, on time
                order("10:05:12", "o7", "bob", "10:05:11", 4.00),
                order("10:05:20", "o8", "alice", "10:05:15", 3.00), // wm 10:05:00.999: [10:00,10:05) fires first
                order("10:05:25", "o9", "bob", "10:04:59", 0.75),   // wm 10:05:04.999 < 10:05:29.999: re-fires bob's window
                order("10:05:45", "o10", "alice", "10:05:40", 6.00),
                order("10:05:50", "o11", "alice", "10:04:30", 100.00), // wm 10:05:29.999: window cleaned up -> late
                order("10:06:00", "o12", "bob", "10:05:55", 8.00),
                order("10:06:10", "o13", "bob", "10:04:40", 50.00)); // wm 10:05:44.999 -> late
    }

    record Run(List<OrderWindowResult> results, List<OrderEvent> late, JobExecutionResult job) {}

    static Run run(List<Arrival<OrderEvent>> orders) throws Exception {
        ReplayClock clock = new ReplayClock();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setClock(clock);
        CollectSink<OrderWindowResult> results = new CollectSink<>();
        CollectSink<OrderEvent> late = new CollectSink<>();
        OrderStatsJob.build(env, new OrderSource(clock, orders), late).addSink(results);
        JobExecutionResult job = env.execute("test");
        return new Run(results.values(), late.values(), job);
    }

    @Test
    void handMadeOrdersGiveTheArticlesOutcomes() throws Exception {
        Run run = run(handMadeOrders());

        assertThat(run.results()).containsExactly(
                // [10:00,10:05) fires when the watermark passes 10:04:59.999 (before o8)
                new OrderWindowResult("alice", W0, W1, 3, 20.00, Firing.Timing.ON_TIME, 1), // o1 + o3 + o6
                new OrderWindowResult("bob", W0, W1, 2, 32.25, Firing.Timing.ON_TIME, 1),   // o2 + o4
                // o9 is behind the watermark but within the 30 s allowed lateness: bob's window fires again
                new OrderWindowResult("bob", W0, W1, 3, 33.00, Firing.Timing.LATE, 2),      // + o9
                // the bounded input ends: the final watermark fires [10:05,10:10)
                new OrderWindowResult("alice", W1, W2, 3, 10.00, Firing.Timing.ON_TIME, 1), // o5 + o8 + o10
                new OrderWindowResult("bob", W1, W2, 2, 12.00, Firing.Timing.ON_TIME, 1));  // o7 + o12
        assertThat(run.late()).extracting(e -> e.orderId).containsExactly("o11", "o13");

        JobExecutionResult job = run.job();
        assertThat(job.getCounter(OrderStatsJob.SOURCE_OPERATOR, "numRecordsOut")).isEqualTo(13);
        assertThat(job.getCounter(OrderStatsJob.WINDOW_OPERATOR, "numRecordsOut")).isEqualTo(5);
        assertThat(job.getCounter(OrderStatsJob.WINDOW_OPERATOR, "numLateRecordsSideOutput")).isEqualTo(2);
        assertThat(job.getCounter(OrderStatsJob.WINDOW_OPERATOR, "numLateRecordsReFired")).isEqualTo(1);
        assertThat(job.getCounter(OrderStatsJob.WINDOW_OPERATOR, "numLateRecordsDropped")).isZero();
    }

    @Test
    void finalResultOfEachWindowEqualsABatchGroupByOfTheOnTimeOrders() throws Exception {
        Run run = run(handMadeOrders());
        // batch: group the orders that are not late (all but o11 and o13) by (user, 5-minute window)
        Map<String, double[]> batch = new HashMap<>();
        for (Arrival<OrderEvent> a : handMadeOrders()) {
            OrderEvent e = a.record();
            if (e.orderId.equals("o11") || e.orderId.equals("o13")) {
                continue;
            }
            long start = e.eventTime - Math.floorMod(e.eventTime, 300_000L);
            double[] countAndTotal = batch.computeIfAbsent(e.userId + "@" + start, k -> new double[2]);
            countAndTotal[0] += 1;
            countAndTotal[1] += e.amount;
        }
        assertThat(lastFiringPerWindow(run.results())).isEqualTo(batch.entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, en -> (long) en.getValue()[0] + "/" + en.getValue()[1])));
    }

    static Map<String, String> lastFiringPerWindow(List<OrderWindowResult> results) {
        Map<String, String> last = new HashMap<>();
        for (OrderWindowResult r : results) {
            last.put(r.userId() + "@" + r.windowStart(), r.count() + "/" + r.totalAmount());
        }
        return last;
    }

    /**
     * The generated stream of {@code main}: the articles' rules applied by hand to each order, in arrival
     * order, predict the late side output and the final window totals.
     */
    @Test
    void generatedStreamFollowsTheArticlesRules() throws Exception {
        List<Arrival<OrderEvent>> orders = OrderSource.generate(OrderSource.DEFAULT_SEED, OrderSource.DEFAULT_COUNT);
        Run run = run(orders);

        List<String> expectedLate = new ArrayList<>();
        List<String> expectedReFired = new ArrayList<>();
        Map<String, Double> onTimeTotals = new HashMap<>();
        long maxSeen = Long.MIN_VALUE;
        long previousArrival = Long.MIN_VALUE;
        for (Arrival<OrderEvent> a : orders) {
            // preconditions of the simple rule: a periodic watermark between any two orders, no idleness
            if (previousArrival != Long.MIN_VALUE) {
                assertThat(a.arrivalTime() - previousArrival).isBetween(200L, 59_999L);
            }
            previousArrival = a.arrivalTime();
            OrderEvent e = a.record();
            long watermark = maxSeen == Long.MIN_VALUE ? Long.MIN_VALUE : maxSeen - 10_000 - 1;
            long windowStart = e.eventTime - Math.floorMod(e.eventTime, 300_000L);
            long windowEnd = windowStart + 300_000;
            if (watermark >= windowEnd - 1 + 30_000) {
                expectedLate.add(e.orderId); // after window end + allowed lateness: side output
            } else {
                if (watermark >= windowEnd - 1) {
                    expectedReFired.add(e.orderId); // window fired already, still within lateness
                }
                onTimeTotals.merge(e.userId + "@" + windowStart, e.amount, Double::sum);
            }
            maxSeen = Math.max(maxSeen, e.eventTime);
        }
        assertThat(expectedLate).isNotEmpty();
        assertThat(expectedReFired).isNotEmpty();

        assertThat(run.late()).extracting(e -> e.orderId).containsExactlyElementsOf(expectedLate);
        assertThat(run.job().getCounter(OrderStatsJob.WINDOW_OPERATOR, "numLateRecordsReFired"))
                .isEqualTo(expectedReFired.size());
        Map<String, Double> finalTotals = new HashMap<>();
        for (OrderWindowResult r : run.results()) {
            finalTotals.put(r.userId() + "@" + r.windowStart(), r.totalAmount());
        }
        assertThat(finalTotals.keySet()).isEqualTo(onTimeTotals.keySet());
        onTimeTotals.forEach((k, v) -> assertThat(finalTotals.get(k)).as(k).isCloseTo(v, within(1e-9)));
        // every late re-firing is a LATE firing with index > 1
        assertThat(run.results()).filteredOn(r -> r.timing() == Firing.Timing.LATE)
                .hasSize(expectedReFired.size())
                .allSatisfy(r -> assertThat(r.firingIndex()).isGreaterThan(1));
    }

    @Test
    void mainPrintsTheSameOutputOnEveryRun() throws Exception {
        String first = captureMain();
        String second = captureMain();
        assertThat(first).isEqualTo(second);
        String[] lines = first.split("\n");
        assertThat(lines[0]).startsWith("OrderStatsJob: 48 orders");
        assertThat(first).contains("LATE#2").contains("late    ").contains("-> side output late-orders");
        assertThat(lines[lines.length - 1]).startsWith("summary: records read=48,");
    }

    private static String captureMain() throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
        try {
            OrderStatsJob.main(new String[0]);
        } finally {
            System.setOut(original);
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }
}
