package io.tidemark.monitor;

import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The last samples of a job, for the page's charts: a bounded ring (the oldest sample goes when it is
 * full). Thread-safe: the sampler adds, HTTP threads read.
 */
final class History {

    private final int capacity;
    private final ArrayDeque<Sample> samples;

    History(int capacity) {
        this.capacity = capacity;
        this.samples = new ArrayDeque<>(capacity);
    }

    synchronized void add(Sample s) {
        if (samples.size() == capacity) {
            samples.removeFirst();
        }
        samples.addLast(s);
    }

    /** The samples after number {@code seq}, oldest first. */
    synchronized List<Sample> after(long seq) {
        List<Sample> out = new ArrayList<>();
        for (Sample s : samples) {
            if (s.seq() > seq) {
                out.add(s);
            }
        }
        return out;
    }

    synchronized Sample latest() {
        return samples.peekLast();
    }
}
