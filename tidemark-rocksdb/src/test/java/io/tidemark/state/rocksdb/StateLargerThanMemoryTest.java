package io.tidemark.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * State larger than the heap, in JVMs with {@code -Xmx64m}: 512 MiB of keyed state (32768 keys of
 * 16 KiB, random bytes RocksDB cannot compress) written into the RocksDB backend and every key read
 * back; and a windowed job whose open windows hold 512 MiB of such elements (64 keys, one window each,
 * kept for a process function), every element checked when the windows fire. The heap backend could
 * hold neither; RocksDB keeps them on disk.
 */
class StateLargerThanMemoryTest {

    @TempDir
    Path dir;

    @Test
    void eightTimesTheHeapInRocksDB() throws Exception {
        runsWithinTheHeap(LargeStateMain.class, "32768", "16384");
    }

    @Test
    void windowsHoldingEightTimesTheHeapInRocksDB() throws Exception {
        runsWithinTheHeap(LargeWindowsMain.class, "32768", "16384", "64");
    }

    /** Runs {@code main} with {@code -Xmx64m}, a database directory and {@code args}; it must write 8 × the heap and say OK. */
    private void runsWithinTheHeap(Class<?> main, String... args) throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                main.getName(), dir.resolve("db").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        boolean ended = p.waitFor(5, TimeUnit.MINUTES);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertThat(ended).as("%s ended; output: %s", main.getSimpleName(), out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("OK " + 32768L * 16384);
        long maxHeap = Long.parseLong(out.substring(out.indexOf("max heap ") + 9).trim());
        assertThat(32768L * 16384).isGreaterThan(7 * maxHeap);
    }
}
