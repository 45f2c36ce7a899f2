package io.tidemark.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.semantics.WatermarkAlignmentTest;
import org.junit.jupiter.api.Test;

/**
 * Watermark alignment of a Tidemark split source on Flink (the runner's split source, with Tidemark's
 * alignment: Flink's own serves only its FLIP-27 sources): the backlog job of {@link WatermarkAlignmentTest}
 * — a fast and a slow split — gives the same windows on Flink as embedded and unaligned, and keeps the
 * open windows as few.
 */
class AlignmentBothEnginesTest {

    @Test
    void theBacklogJobIsAlignedOnFlinkAsEmbedded() throws Exception {
        WatermarkAlignmentTest.Run embedded = WatermarkAlignmentTest.run(true, (env, name) -> env.execute(name));
        WatermarkAlignmentTest.Run flink = WatermarkAlignmentTest.run(true,
                (env, name) -> FlinkRunner.execute(env, name, SharedMiniCluster.options()));
        WatermarkAlignmentTest.Run unaligned = WatermarkAlignmentTest.run(false,
                (env, name) -> FlinkRunner.execute(env, name, SharedMiniCluster.options()));
        assertThat(flink.results()).hasSize(60).isEqualTo(embedded.results()).isEqualTo(unaligned.results());
        assertThat(unaligned.mostOpen()).isGreaterThanOrEqualTo(30);
        assertThat(flink.mostOpen()).isLessThanOrEqualTo(5);
    }
}
