package io.tidemark.streaming.api.windowing.triggers;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.state.ReducingState;
import io.tidemark.api.common.state.ReducingStateDescriptor;
import io.tidemark.api.common.state.ValueState;
import io.tidemark.api.common.state.ValueStateDescriptor;
import org.junit.jupiter.api.Test;

/** Checks the fake context the trigger tests rely on. */
class TestingTriggerContextTest {

    @Test
    void reducingAndValueStateAreStoredByName() throws Exception {
        TestingTriggerContext ctx = new TestingTriggerContext();
        ReducingState<Long> sum = ctx.getPartitionedState(new ReducingStateDescriptor<>("sum", Long::sum, Long.class));
        ValueState<String> value = ctx.getPartitionedState(new ValueStateDescriptor<>("v", String.class, "none"));

        assertThat(sum.get()).isNull();
        sum.add(4L);
        sum.add(5L);
        assertThat(sum.get()).isEqualTo(9L);
        assertThat(value.value()).isEqualTo("none");
        value.update("set");
        assertThat(ctx.getPartitionedState(new ValueStateDescriptor<>("v", String.class)).value()).isEqualTo("set");
        sum.clear();
        assertThat(sum.get()).isNull();
    }

    @Test
    void mergeReducesSourceValuesIntoTarget() throws Exception {
        ReducingStateDescriptor<Long> max = new ReducingStateDescriptor<>("max", Math::max, Long.class);
        TestingTriggerContext a = new TestingTriggerContext();
        TestingTriggerContext b = new TestingTriggerContext();
        TestingTriggerContext empty = new TestingTriggerContext();
        a.getPartitionedState(max).add(3L);
        b.getPartitionedState(max).add(8L);

        TestingTriggerContext merged = TestingTriggerContext.mergingFrom(a, empty, b);
        merged.mergePartitionedState(max);

        assertThat(merged.getPartitionedState(max).get()).isEqualTo(8L);
        assertThat(a.store).isEmpty();
        assertThat(b.store).isEmpty();
    }
}
