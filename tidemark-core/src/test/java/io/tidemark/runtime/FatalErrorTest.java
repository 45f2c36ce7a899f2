package io.tidemark.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.tidemark.api.common.functions.MapFunction;
import io.tidemark.core.execution.JobExecutionException;
import io.tidemark.streaming.api.environment.StreamExecutionEnvironment;
import io.tidemark.streaming.api.functions.source.ParallelSourceFunction;
import io.tidemark.testutils.CollectSink;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An error in any task — {@link OutOfMemoryError}, {@link StackOverflowError} — fails the job promptly:
 * {@code execute} throws with the error as cause, and no task thread is left. The bounds below are
 * limits on waiting for a broken engine, not sleeps.
 */
class FatalErrorTest {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** Emits 0, 1, 2, … until cancelled; throws {@code error} at record 1000 when it has one. */
    static final class Source implements ParallelSourceFunction<Long> {
        private final Error error;
        private volatile boolean running = true;

        Source(Error error) {
            this.error = error;
        }

        @Override
        public void run(SourceContext<Long> ctx) {
            for (long i = 0; running; i++) {
                if (i == 1000 && error != null) {
                    throw error;
                }
                ctx.collect(i);
            }
        }

        @Override
        public void cancel() {
            running = false;
        }
    }

    /** Recurses without end at record 500 (a real stack overflow). */
    static final class Recursing implements MapFunction<Long, Long> {
        @Override
        public Long map(Long value) {
            return value == 500 ? depth(value) : value;
        }

        private static long depth(long n) {
            return depth(n + 1) + 1;
        }
    }

    @Test
    void anErrorInASourceFailsTheJob() {
        OutOfMemoryError oom = new OutOfMemoryError("thrown by the test");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(2);
        env.addSource(new Source(oom), "erring source").keyBy(v -> v % 3).map(v -> v).addSink(new CollectSink<>());
        assertTimeoutPreemptively(LIMIT, () -> assertThatThrownBy(() -> env.execute("fatal-source"))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("erring source").hasMessageContaining("fatal error")
                .cause().isInstanceOf(OutOfMemoryError.class).hasMessage("thrown by the test"));
        assertThat(threadsOf("fatal-source")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aStackOverflowInAnOperatorFailsTheJob(int parallelism) {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment().setParallelism(parallelism);
        env.addSource(new Source(null)).rebalance().map(new Recursing()).name("deep map").addSink(new CollectSink<>());
        String job = "fatal-operator-" + parallelism;
        assertTimeoutPreemptively(LIMIT, () -> assertThatThrownBy(() -> env.execute(job))
                .isInstanceOf(JobExecutionException.class)
                .hasMessageContaining("deep map").hasMessageContaining("fatal error")
                .cause().isInstanceOf(StackOverflowError.class));
        assertThat(threadsOf(job)).isEmpty();
    }

    /**
     * A heap that really runs out, and stays out: window state fills it, or a source takes every last
     * byte into a static field. The program ({@link FatalErrorJob}, in a JVM with a 32 MiB heap) gets the
     * failure from {@code execute} and exits; with the heap exhausted, the task thread used to die while
     * failing (its failure path allocated) and the job waited for it forever.
     */
    @ParameterizedTest
    @ValueSource(strings = {"state", "exhaust"})
    void aJobThatRunsOutOfMemoryFailsPromptly(String mode, @TempDir Path dir) throws Exception {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m", "-XX:+UseSerialGC", "-cp", classPath, FatalErrorJob.class.getName(), mode)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(err.toFile()).start();
        boolean ended = p.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        String stderr = Files.readString(err, StandardCharsets.UTF_8);
        assertThat(ended).as("the job ended; stderr: %s", stderr).isTrue();
        assertThat(p.exitValue()).as(stderr).isEqualTo(3);
        assertThat(stderr).contains("JOB FAILED: job 'fatal-" + mode + "' failed").contains("fatal error")
                .contains("OutOfMemoryError");
    }

    /** The names of the job's threads still alive (a failure message names them). */
    private static List<String> threadsOf(String jobName) {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName).filter(n -> n.startsWith(jobName + ":")).toList();
    }
}
