package io.tidemark.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * State larger than the heap: a JVM with {@code -Xmx64m} writes 512 MiB of keyed state (32768 keys of
 * 16 KiB, random bytes RocksDB cannot compress) into the RocksDB backend and reads every key back.
 * The heap backend could not hold it; RocksDB keeps it on disk.
 */
class StateLargerThanMemoryTest {

    @TempDir
    Path dir;

    @Test
    void eightTimesTheHeapInRocksDB() throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                LargeStateMain.class.getName(), dir.resolve("db").toString(), "32768", "16384"))
                .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        boolean ended = p.waitFor(5, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertThat(ended).as("the state writer ended; output: %s", out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("OK " + 32768L * 16384);
        long maxHeap = Long.parseLong(out.substring(out.indexOf("max heap ") + 9).trim());
        assertThat(32768L * 16384).isGreaterThan(7 * maxHeap);
    }
}
