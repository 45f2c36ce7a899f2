package io.tidemark.semantics;

import io.tidemark.state.rocksdb.EmbeddedRocksDBStateBackend;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * tidemark-core's {@link WindowProperties} with the jobs' state in RocksDB (the windows' contents in
 * the backend), with fewer tries: batch equivalence, every record accounted for once, watermarks never
 * decreasing.
 */
class RocksDBWindowProperties extends WindowProperties {

    @BeforeContainer
    static void rocksDB() {
        Sem.stateBackend = new EmbeddedRocksDBStateBackend();
    }

    @AfterContainer
    static void heap() {
        Sem.stateBackend = null;
    }

    @Override
    @Property(tries = 15)
    void windowResultsEqualABatchGroupByOverEventTime(@ForAll long seed) throws Exception {
        super.windowResultsEqualABatchGroupByOverEventTime(seed);
    }

    @Override
    @Property(tries = 15)
    void everyRecordIsAccountedForExactlyOnce(@ForAll long seed) throws Exception {
        super.everyRecordIsAccountedForExactlyOnce(seed);
    }

    @Override
    @Property(tries = 10)
    void watermarksObservedByAnyOperatorNeverDecrease(@ForAll long seed) throws Exception {
        super.watermarksObservedByAnyOperatorNeverDecrease(seed);
    }
}
