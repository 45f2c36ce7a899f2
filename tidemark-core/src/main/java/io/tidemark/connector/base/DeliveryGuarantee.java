package io.tidemark.connector.base;

/** What a sink promises about the records it is given (Flink's names). */
public enum DeliveryGuarantee {

    /** Records may be lost or duplicated; the sink waits for nothing. */
    NONE,

    /** Every record is written at least once: the sink waits until the external system has each one. */
    AT_LEAST_ONCE,

    /** Every record is written exactly once (transactions committed with checkpoints). */
    EXACTLY_ONCE
}
