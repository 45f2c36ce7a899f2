package io.tidemark.examples.watermark;

import static io.tidemark.examples.watermark.DateUtil.YYYY_MM_DD_HH_MM_SS;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * seeds/004 §3.5.4 {@code WordPeriodicWatermark}: watermark = largest timestamp seen − 5 s
 * ({@code maxTimeLag}). The seed implements {@code AssignerWithPeriodicWatermarks<Word>}, which Flink 2
 * removed: {@code extractTimestamp} becomes {@code onEvent} (the timestamp itself now comes from
 * {@code withTimestampAssigner(...)}) and {@code getCurrentWatermark} is emitted from
 * {@code onPeriodicEmit}. Use: {@code WatermarkStrategy.forGenerator(ctx -> new WordPeriodicWatermark())
 * .withTimestampAssigner((word, ts) -> word.getTimestamp())}.
 */
public class WordPeriodicWatermark implements WatermarkGenerator<Word> { // seed: implements AssignerWithPeriodicWatermarks<Word> (removed in Flink 2)

    private static final Logger log = LoggerFactory.getLogger(WordPeriodicWatermark.class); // seed: Lombok's @Slf4j

    private long currentTimestamp = Long.MIN_VALUE;

    @Override
    public void onEvent(Word word, long eventTimestamp, WatermarkOutput output) { // seed: long extractTimestamp(Word word, long previousElementTimestamp)
        long timestamp = word.getTimestamp();
        currentTimestamp = Math.max(timestamp, currentTimestamp);
        log.info("event timestamp = {}, {}, CurrentWatermark = {}, {}", word.getTimestamp(),
                DateUtil.format(word.getTimestamp(), YYYY_MM_DD_HH_MM_SS),
                getCurrentWatermark().getTimestamp(),
                DateUtil.format(getCurrentWatermark().getTimestamp(), YYYY_MM_DD_HH_MM_SS));
        // seed: return word.getTimestamp(); the timestamp assigner of the strategy does that now
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) { // Flink 2 asks for the watermark here (seed: the engine called getCurrentWatermark())
        output.emitWatermark(getCurrentWatermark());
    }

    public Watermark getCurrentWatermark() {
        long maxTimeLag = 5000;
        return new Watermark(currentTimestamp == Long.MIN_VALUE ? Long.MIN_VALUE : currentTimestamp - maxTimeLag);
    }
}
