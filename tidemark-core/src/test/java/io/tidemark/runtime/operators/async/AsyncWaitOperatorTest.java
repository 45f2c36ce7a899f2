package io.tidemark.runtime.operators.async;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.runtime.checkpoint.StateSnapshot;
import io.tidemark.runtime.streamrecord.StreamRecord;
import io.tidemark.streaming.api.functions.async.AsyncFunction;
import io.tidemark.streaming.api.functions.async.ResultFuture;
import io.tidemark.streaming.api.operators.AsyncWaitOperatorFactory;
import io.tidemark.streaming.util.retryable.AsyncRetryStrategies;
import io.tidemark.streaming.util.retryable.RetryPredicates;
import io.tidemark.testutils.OneInputOperatorTestHarness;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The async operator driven by hand: calls completed in any order by the test, processing time moved
 * by the test (timeouts, retry delays), a snapshot taken with calls in flight and restored.
 */
class AsyncWaitOperatorTest {

    /** Keeps each call's result future for the test to complete; records the calls. */
    static final class Held implements AsyncFunction<String, String> {
        final Map<String, ResultFuture<String>> calls = new LinkedHashMap<>();
        final List<String> invoked = new ArrayList<>();

        @Override
        public void asyncInvoke(String input, ResultFuture<String> resultFuture) {
            invoked.add(input);
            calls.put(input, resultFuture);
        }

        @Override
        public void timeout(String input, ResultFuture<String> resultFuture) {
            resultFuture.complete(List.of("timed out " + input));
        }

        void complete(String input) {
            calls.get(input).complete(List.of(input.toUpperCase()));
        }
    }

    private static OneInputOperatorTestHarness<String, String> harness(Held f, boolean ordered, long timeout) throws Exception {
        OneInputOperatorTestHarness<String, String> h = new OneInputOperatorTestHarness<>(
                new AsyncWaitOperator<>(new AsyncWaitOperatorFactory<>(f, ordered, timeout, 10, null)));
        return h.setup().open();
    }

    @Test
    void orderedResultsLeaveInTheOrderOfTheirRecords() throws Exception {
        Held f = new Held();
        var h = harness(f, true, 0);
        h.processElement("a", 1);
        h.processElement("b", 2);
        h.processElement("c", 3);
        f.complete("c");
        f.complete("b");
        assertThat(h.extractOutputValues()).isEmpty();
        f.complete("a");
        assertThat(h.extractOutputRecords()).extracting(StreamRecord::getValue, StreamRecord::getTimestamp)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("A", 1L), org.assertj.core.groups.Tuple.tuple("B", 2L),
                        org.assertj.core.groups.Tuple.tuple("C", 3L));
    }

    @Test
    void unorderedResultsNeverCrossAWatermark() throws Exception {
        Held f = new Held();
        var h = harness(f, false, 0);
        h.processElement("a", 1);
        h.processElement("b", 2);
        h.processWatermark(5);
        h.processElement("c", 6);
        f.complete("c");
        f.complete("b");
        assertThat(h.getOutput()).extracting(String::valueOf).containsExactly(String.valueOf(h.getOutput().get(0)));
        assertThat(h.extractOutputValues()).containsExactly("B");
        f.complete("a");
        assertThat(h.extractOutputValues()).containsExactly("B", "A", "C");
        assertThat(h.extractWatermarks()).containsExactly(5L);
        List<Object> out = h.getOutput();
        int watermarkAt = -1;
        for (int i = 0; i < out.size(); i++) {
            if (!(out.get(i) instanceof StreamRecord)) {
                watermarkAt = i;
            }
        }
        assertThat(watermarkAt).isEqualTo(2); // after B and A, before C
    }

    @Test
    void aCallPastItsTimeoutGoesToTimeout() throws Exception {
        Held f = new Held();
        var h = harness(f, true, 100);
        h.setProcessingTime(0);
        h.processElement("a", 1);
        h.setProcessingTime(99);
        assertThat(h.extractOutputValues()).isEmpty();
        h.setProcessingTime(100);
        assertThat(h.extractOutputValues()).containsExactly("timed out a");
        f.complete("a"); // too late: ignored
        assertThat(h.extractOutputValues()).containsExactly("timed out a");
    }

    @Test
    void anEmptyResultIsRetriedAfterTheBackoff() throws Exception {
        Held f = new Held();
        var h = new OneInputOperatorTestHarness<>(new AsyncWaitOperator<>(new AsyncWaitOperatorFactory<>(f, true, 0, 10,
                new AsyncRetryStrategies.FixedDelayRetryStrategyBuilder<String>(3, 50)
                        .ifResult(RetryPredicates.EMPTY_RESULT_PREDICATE).build()))).setup().open();
        h.setProcessingTime(0);
        h.processElement("a", 1);
        f.calls.get("a").complete(List.of());
        assertThat(f.invoked).containsExactly("a");
        h.setProcessingTime(50);
        assertThat(f.invoked).containsExactly("a", "a");
        f.complete("a");
        assertThat(h.extractOutputValues()).containsExactly("A");
    }

    @Test
    void callsInFlightAreRestoredAndStartedAgain() throws Exception {
        Held f = new Held();
        var h = harness(f, false, 0);
        h.processElement("a", 1);
        h.processElement("b", 2);
        h.processWatermark(7);
        h.processElement("c", 8);
        f.complete("b");
        StateSnapshot snapshot = h.snapshot();
        Held again = new Held();
        var restored = new OneInputOperatorTestHarness<String, String>(
                new AsyncWaitOperator<>(new AsyncWaitOperatorFactory<>(again, false, 0, 10, null)));
        restored.setup().initializeState(snapshot).open();
        assertThat(again.invoked).containsExactly("a", "c");
        again.complete("c");
        again.complete("a");
        assertThat(restored.extractOutputValues()).containsExactly("A", "C");
        assertThat(restored.extractWatermarks()).containsExactly(7L);
    }
}
