package io.tidemark.bench;

/**
 * The record both frameworks see: a plain object with public fields (a Flink POJO, so Flink uses its
 * POJO serializer between the source and the window operator). Built by the source from the shared
 * in-memory columns of {@link Events}; the hand-written loops read the columns directly.
 */
public class Event {
    /** Key number (W1–W4), auction id (Nexmark bid). */
    public long key;
    /** Event time in milliseconds. */
    public long ts;
    /** Summed value (W1–W4), price (Nexmark bid). */
    public long value;
    /** Bidder (Nexmark bid); 0 elsewhere. */
    public long key2;
    /** {@link Events#BID}, {@link Events#PERSON}, {@link Events#AUCTION}, or 0 for a plain event. */
    public int kind;

    public Event() {}

    public Event(long key, long ts, long value, long key2, int kind) {
        this.key = key;
        this.ts = ts;
        this.value = value;
        this.key2 = key2;
        this.kind = kind;
    }

    @Override
    public String toString() {
        return "Event{key=" + key + ", ts=" + ts + ", value=" + value + ", key2=" + key2 + ", kind=" + kind + "}";
    }
}
