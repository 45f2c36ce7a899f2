package io.tidemark.examples.etl;

import io.tidemark.api.common.eventtime.Watermark;
import io.tidemark.api.common.eventtime.WatermarkGenerator;
import io.tidemark.api.common.eventtime.WatermarkOutput;

/**
 * seeds/001 §4.3.2 ("每来一条数据就判断是否要生成新的Watermark"; the class is not shown): a punctuated
 * generator. It decides per event: an event carrying the watermark marker moves the watermark to its
 * own timestamp; other events and the periodic call emit nothing.
 */
public class MyPunctuatedWatermarkGenerator implements WatermarkGenerator<MyEvent> {

    @Override
    public void onEvent(MyEvent event, long eventTimestamp, WatermarkOutput output) {
        if (event.hasWatermarkMarker()) {
            output.emitWatermark(new Watermark(eventTimestamp));
        }
    }

    @Override
    public void onPeriodicEmit(WatermarkOutput output) {
        // punctuated: watermarks come only from marked events
    }
}
