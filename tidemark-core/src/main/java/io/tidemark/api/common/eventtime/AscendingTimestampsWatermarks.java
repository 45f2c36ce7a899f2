package io.tidemark.api.common.eventtime;

import java.time.Duration;

/** Watermarks for timestamps that only ascend: bounded out-of-orderness with a bound of zero. */
public class AscendingTimestampsWatermarks<T> extends BoundedOutOfOrdernessWatermarks<T> {

    public AscendingTimestampsWatermarks() {
        super(Duration.ZERO);
    }
}
