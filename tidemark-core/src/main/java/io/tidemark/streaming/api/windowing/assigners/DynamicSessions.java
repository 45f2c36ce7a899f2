package io.tidemark.streaming.api.windowing.assigners;

/** The gap check shared by the dynamic session assigners. */
final class DynamicSessions {

    private DynamicSessions() {}

    static <T> long gapOf(SessionWindowTimeGapExtractor<T> extractor, T element) {
        long gap = extractor.extract(element);
        if (gap <= 0) {
            throw new IllegalArgumentException(
                    "Dynamic session time gap must satisfy 0 < gap, got " + gap + " for element " + element);
        }
        return gap;
    }
}
