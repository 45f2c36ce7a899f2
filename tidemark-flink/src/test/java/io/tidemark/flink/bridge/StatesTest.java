package io.tidemark.flink.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StatesTest {

    @AfterEach
    void clearTheFlag() {
        Thread.interrupted();
    }

    @Test
    void anInterruptThatCrossesAStateCallKeepsTheThreadInterrupted() {
        InterruptedException interrupt = new InterruptedException("state access");
        RuntimeException e = States.unchecked(interrupt);
        assertThat(e).hasCause(interrupt);
        assertThat(Thread.currentThread().isInterrupted()).isTrue();
    }

    @Test
    void otherCheckedExceptionsLeaveTheFlagAlone() {
        assertThat(States.unchecked(new IOException("disk"))).isInstanceOf(UncheckedIOException.class);
        assertThat(Thread.currentThread().isInterrupted()).isFalse();
    }
}
