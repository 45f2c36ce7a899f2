package io.tidemark.semantics;

import io.tidemark.state.rocksdb.EmbeddedRocksDBStateBackend;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/**
 * tidemark-core's window semantics tests — firing, lateness, sessions, triggers and functions — run
 * again with the jobs' state in RocksDB, where every window keeps its contents in the backend
 * ({@code KeyedStateWindowOperator}): the same expected results, firing descriptors, late records and
 * counters as on the heap. {@link RocksDBWindowProperties} does the same for the
 * properties.
 */
class RocksDBWindowSemanticsTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void rocksDB() {
        Sem.stateBackend = new EmbeddedRocksDBStateBackend().setDbStoragePath(dir.toString());
    }

    @AfterAll
    static void heap() {
        Sem.stateBackend = null;
    }

    @Nested
    class Firing extends WindowFiringTest {}

    @Nested
    class Lateness extends LatenessTest {}

    @Nested
    class Sessions extends SessionWindowTest {}

    @Nested
    class TriggersAndFunctions extends TriggersAndFunctionsTest {}
}
