package io.tidemark.cli.profile;

/**
 * What the job's source emits, in order, as {@code tidemark profile} and {@code tune} see it: each
 * accepted record with the processing time at its emission, then the end of the input.
 */
interface Emissions {

    /**
     * The source emits a record now.
     *
     * @param split the split's name, interned (one instance per split)
     * @param key the key's id (dense, from 0)
     * @param clock processing time at the emission: the replay clock, the wall clock of a live source, or
     *     the data's own clock (the highest event time emitted so far)
     * @param arrival the record's own arrival time, or {@link Long#MIN_VALUE} when the input has none
     */
    void record(String split, long timestamp, int key, long clock, long arrival);

    /** The input ended at processing time {@code clock}. */
    void end(long clock);

    /** Both, in this order. */
    static Emissions both(Emissions a, Emissions b) {
        return new Emissions() {
            @Override
            public void record(String split, long timestamp, int key, long clock, long arrival) {
                a.record(split, timestamp, key, clock, arrival);
                b.record(split, timestamp, key, clock, arrival);
            }

            @Override
            public void end(long clock) {
                a.end(clock);
                b.end(clock);
            }
        };
    }
}
