package io.tidemark.examples.watermark;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;

/**
 * seeds/004 §3.5.3 {@code WordPunctuatedWatermark}: an event whose timestamp is divisible by 3 emits
 * a watermark at that timestamp; others emit nothing. The seed implements
 * {@code AssignerWithPunctuatedWatermarks<Word>} (removed in Flink 2): {@code checkAndGetNextWatermark}
 * becomes {@code onEvent}, returning null becomes emitting nothing, and the timestamp comes from the
 * strategy's {@code withTimestampAssigner((word, ts) -> word.getTimestamp())} (seed:
 * {@code extractTimestamp}). A watermark not above the last one is ignored, as in the seed's Flink.
 */
public class WordPunctuatedWatermark implements WatermarkGenerator<Word> { // seed: implements AssignerWithPunctuatedWatermarks<Word> (removed in Flink 2)

    @Override
    public void onEvent(Word lastElement, long extractedTimestamp, WatermarkOutput output) { // seed: Watermark checkAndGetNextWatermark(Word lastElement, long extractedTimestamp)
        if (extractedTimestamp % 3 == 0) { // seed: return extractedTimestamp % 3 == 0 ? new Watermark(extractedTimestamp) : null;
            output.emitWatermark(new Watermark(extractedTimestamp));
        }
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        // punctuated: nothing periodic
    }
}
