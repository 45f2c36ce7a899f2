package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.state.StateBackend;
import io.tidemark.runtime.state.hashmap.HashMapStateBackend;
import io.tidemark.state.rocksdb.EmbeddedRocksDBStateBackend;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs random windowing scenarios on Tidemark's embedded engine and on Flink (one shared MiniCluster)
 * and requires identical results: the firings of each watermark step as a set (key, window, count,
 * sum, timing, index, watermark) and the late records as a multiset. Every fourth scenario runs on
 * the embedded engine twice, with the keyed state on the heap and in RocksDB (the windows' contents
 * then in RocksDB too).
 *
 * <p>Reproducible: scenario {@code i} has seed {@code base + i}; {@code -Dtidemark.diff.base=B} sets the
 * base (default 20260601), {@code -Dtidemark.diff.scenarios=N} the count (default 240),
 * {@code -Dtidemark.diff.seed=S} replays one scenario. A failing seed is printed with the replay line.
 * Flink runs a batch of scenarios per job, each with its own source, watermarks and window operator,
 * so batching changes nothing for any one scenario.
 */
class DifferentialTest {

    private static final int BATCH = 30;
    /**
     * Every this many scenarios the embedded engine runs a second time with RocksDB, where every window
     * keeps its contents in the state backend ({@code KeyedStateWindowOperator}).
     */
    private static final int ROCKSDB_EVERY = 4;

    @Test
    void embeddedEngineAndFlinkAgreeOnRandomScenarios() throws Exception {
        List<Long> seeds = new ArrayList<>();
        String one = System.getProperty("tidemark.diff.seed");
        if (one != null) {
            seeds.add(Long.parseLong(one));
        } else {
            long base = Long.getLong("tidemark.diff.base", 20260601L);
            int n = Integer.getInteger("tidemark.diff.scenarios", 240);
            for (int i = 0; i < n; i++) {
                seeds.add(base + i);
            }
        }
        long t0 = System.nanoTime();
        List<String> failures = new ArrayList<>();
        int firings = 0;
        int lateRecords = 0;
        for (int from = 0; from < seeds.size(); from += BATCH) {
            List<Scenario> batch = new ArrayList<>();
            for (long s : seeds.subList(from, Math.min(seeds.size(), from + BATCH))) {
                batch.add(new Scenario(s));
            }
            // Flink: the whole batch in one job
            StreamExecutionEnvironment flinkEnv = StreamExecutionEnvironment.getExecutionEnvironment();
            flinkEnv.getConfig().setPerEventWatermarks(true);
            List<String[]> flinkIds = new ArrayList<>();
            for (Scenario s : batch) {
                String[] ids = {Collect.newId(), Collect.newId()};
                s.build(flinkEnv, ids[0], ids[1]);
                flinkIds.add(ids);
            }
            FlinkRunner.execute(flinkEnv, "differential " + batch.get(0).seed + "..", SharedMiniCluster.options());
            // Tidemark: one job per scenario, every ROCKSDB_EVERY-th also with the state in RocksDB
            for (int i = 0; i < batch.size(); i++) {
                Scenario s = batch.get(i);
                List<Scenario.Fired> ff = Collect.take(flinkIds.get(i)[0]);
                List<Scenario.Event> fl = Collect.take(flinkIds.get(i)[1]);
                List<StateBackend> backends = (from + i) % ROCKSDB_EVERY == 0
                        ? List.of(new HashMapStateBackend(), new EmbeddedRocksDBStateBackend())
                        : List.of(new HashMapStateBackend());
                for (StateBackend backend : backends) {
                    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
                    env.getConfig().setPerEventWatermarks(true);
                    env.setStateBackend(backend);
                    String firedId = Collect.newId();
                    String lateId = Collect.newId();
                    s.build(env, firedId, lateId);
                    env.execute("differential " + s.seed);
                    List<Scenario.Fired> tf = Collect.take(firedId);
                    List<Scenario.Event> tl = Collect.take(lateId);
                    firings += tf.size();
                    lateRecords += tl.size();
                    String diff = Differential.compare(tf, ff, tl, fl);
                    if (diff != null) {
                        String msg = "DIFFERENCE " + s + " (Tidemark on " + backend.getName() + ")\n" + diff
                                + "  replay: mvn -o -pl tidemark-flink test -Dtest=DifferentialTest -Dtidemark.diff.seed=" + s.seed;
                        System.out.println(msg);
                        failures.add(msg);
                    }
                }
            }
        }
        long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
        System.out.printf("differential: %d scenarios, %d passed, %d failed (%d firings, %d late records compared) in %d s%n",
                seeds.size(), seeds.size() - failures.size(), failures.size(), firings, lateRecords, seconds);
        assertThat(failures).as("scenarios whose results differ between Tidemark and Flink").isEmpty();
    }
}
