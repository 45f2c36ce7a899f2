package io.tidemark.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Database folders left by processes killed outright are deleted by the next process that makes one
 * under the same base (issue 23, item 9: 50 kills left 50 folders, 199 MB); folders of live processes —
 * another JVM's, or this one's — stay.
 */
class LocalDatabasesTest {

    /** The child: locks the file {@code args[0]} as a live process's database lock, says so, and waits to be killed. */
    public static void main(String[] args) throws Exception {
        FileChannel c = FileChannel.open(Path.of(args[0]), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        c.lock();
        System.out.println("locked");
        System.out.flush();
        while (true) {
            java.util.concurrent.locks.LockSupport.park(); // until the test kills this process
        }
    }

    private static Path folder(Path root, String name, boolean lockFile) throws Exception {
        Path f = Files.createDirectories(root.resolve(name));
        Files.writeString(f.resolve("000001.sst"), "state");
        Files.writeString(f.resolve("LOCK"), "");
        if (lockFile) {
            Files.writeString(root.resolve(name + ".lock"), "");
        }
        return f;
    }

    @Test
    void foldersWhoseProcessIsGoneAreDeletedAndLiveOnesStay(@TempDir Path base) throws Exception {
        Path root = base.resolve(LocalDatabases.FOLDER);
        Path killed = folder(root, "02-window-0-killed", true);
        Path older = folder(root, "02-window-0-older-version", false);
        Path live = folder(root, "02-window-0-other-process", true);
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath,
                LocalDatabasesTest.class.getName(), root.resolve("02-window-0-other-process.lock").toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                assertThat(out.readLine()).as("the child's report").isEqualTo("locked");
            }
            LocalDatabases.Claim mine = LocalDatabases.claim(base, "02-window", 0);
            try {
                assertThat(killed).doesNotExist();
                assertThat(root.resolve("02-window-0-killed.lock")).doesNotExist();
                assertThat(older).doesNotExist();
                assertThat(live).isDirectory();
                assertThat(mine.folder()).isDirectory();
                LocalDatabases.sweep(root); // this process's own folder is never taken for a dead one
                assertThat(mine.folder()).isDirectory();
                assertThat(live).isDirectory();
            } finally {
                mine.release();
            }
            assertThat(mine.folder()).doesNotExist();
            assertThat(root.resolve(mine.folder().getFileName() + ".lock")).doesNotExist();
        } finally {
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        LocalDatabases.sweep(root); // the other process is gone now
        assertThat(live).doesNotExist();
    }
}
