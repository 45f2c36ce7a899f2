package io.tidemark.cli.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The advice after a JVM error blames memory only when memory ran out: a class missing from the class
 * path (the issue's {@code NoClassDefFoundError: …/GeneratorFunction} of {@code --engine flink}) was
 * followed by "give it more (-Xmx4g)", which sent users the wrong way.
 */
class FatalAdviceTest {

    private static RunFailedException failed(Throwable cause) {
        return new RunFailedException("the run failed", new RuntimeException("wrapped", cause), List.of());
    }

    @Test
    void outOfMemoryAsksForMemory() {
        assertThat(failed(new OutOfMemoryError("Java heap space")).advice()).contains("ran out of memory").contains("-Xmx4g");
    }

    @Test
    void aMissingClassAsksForARebuildAndNotForMemory() {
        String advice = failed(new NoClassDefFoundError("org/apache/flink/connector/datagen/source/GeneratorFunction")).advice();
        assertThat(advice).contains("class path").contains("Rebuild").doesNotContain("memory").doesNotContain("-Xmx");
    }

    @Test
    void aStackOverflowAsksForBiggerStacks() {
        assertThat(failed(new StackOverflowError()).advice()).contains("-Xss").doesNotContain("-Xmx");
    }

    @Test
    void noJvmErrorNoAdvice() {
        assertThat(failed(new IllegalStateException("an output could not be written")).advice()).isNull();
        assertThat(RunFailedException.advice(new InternalError("a JVM internal error"))).isNull();
    }
}
