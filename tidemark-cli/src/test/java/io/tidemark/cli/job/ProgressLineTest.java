package io.tidemark.cli.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.api.common.JobExecutionResult;
import io.tidemark.api.common.JobStatus;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.core.execution.JobClient;
import io.tidemark.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The progress line shows the window operator's watermark (the minimum over its subtasks) and its lag. */
class ProgressLineTest {

    static SubtaskMetrics window(int subtask, long watermark) {
        return new SubtaskMetrics() {
            @Override
            public String getOperatorName() {
                return JobRunner.WINDOW_OPERATOR;
            }

            @Override
            public int getSubtaskIndex() {
                return subtask;
            }

            @Override
            public Map<String, Long> snapshot() {
                return Map.of(CURRENT_INPUT_WATERMARK, watermark);
            }
        };
    }

    static JobClient job(SubtaskMetrics... metrics) {
        return new JobClient() {
            @Override
            public String getJobName() {
                return "j";
            }

            @Override
            public JobStatus getJobStatus() {
                return JobStatus.RUNNING;
            }

            @Override
            public List<SubtaskMetrics> getMetrics() {
                return List.of(metrics);
            }

            @Override
            public void cancel() {}

            @Override
            public JobExecutionResult getJobExecutionResult() {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean awaitTermination(Duration timeout) {
                return false;
            }
        };
    }

    @Test
    void watermarkAndLag() {
        ManualClock clock = new ManualClock(1_704_067_215_500L);
        JobClient j = job(window(0, 1_704_067_204_999L), window(1, 1_704_067_209_999L));
        assertThat(Progress.watermark(j, true, clock)).isEqualTo("watermark 2024-01-01T00:00:04.999Z  lag 10.5 s");
        assertThat(Progress.watermark(j, false, clock)).isEqualTo("watermark 2024-01-01T00:00:04.999Z");
        assertThat(Progress.watermark(job(window(0, Long.MIN_VALUE)), true, clock)).isEqualTo("watermark none yet");
        assertThat(Progress.watermark(null, true, clock)).isEmpty();
    }

    @Test
    void lineWithAndWithoutABar() {
        SourceCounts c = new SourceCounts(12, 0, 0, 12, 500, 0, null);
        assertThat(Progress.line(c, 1000, "watermark 2024-01-01T00:00:04.999Z").stripTrailing())
                .isEqualTo("[###############---------------]  50%  12 lines  watermark 2024-01-01T00:00:04.999Z");
        assertThat(Progress.line(c, -1, "watermark none yet").stripTrailing()).isEqualTo("12 lines  watermark none yet");
    }
}
