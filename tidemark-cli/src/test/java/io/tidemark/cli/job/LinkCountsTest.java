package io.tidemark.cli.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.tidemark.cli.data.Span;
import io.tidemark.cli.data.WindowResult;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A link's counts: result rows counted as a store keyed by (key, window) holds them, rows folded once
 * the watermark passed their window's end plus the allowed lateness (never sooner: a late re-firing
 * within the lateness still replaces its row), and the counts read back from their encoding (the
 * checkpoint's) as they were, counting on the same way.
 */
class LinkCountsTest {

    private static final long LATENESS = 300;

    private static WindowResult result(String key, long start, long end, long count, String timing, long watermark, Span... replaces) {
        return new WindowResult(List.of(key), start, end, count, new BigDecimal[0], timing, 0, watermark, List.of(replaces));
    }

    @Test
    void rowsAreReplacedWhileTheirWindowCanFireAndFoldedAfter() throws Exception {
        LinkCounts c = new LinkCounts(LATENESS);
        c.result(result("a", 0, 1000, 2, "ON_TIME", 999));
        c.result(result("a", 0, 1000, 3, "LATE", 1100)); // within the lateness: replaces the row
        c.result(result("b", 1000, 2000, 1, "ON_TIME", 1999)); // a's window [0, 1000) is cleaned up at 1299: folded
        c.result(result("c", 1000, 2000, 4, "ON_TIME", 2200)); // b's [1000, 2000) is cleaned up only at 2299: kept
        c.late++;
        c.deadLetter("unparsable");
        assertThat(c.inRows()).isEqualTo(3 + 1 + 4);
        assertThat(c.windows()).isEqualTo(3);
        assertThat(c.finalWindows).isEqualTo(1);

        LinkCounts back = LinkCounts.decode(c.encode(), LATENESS);
        assertThat(back.inRows()).isEqualTo(8);
        assertThat(back.windows()).isEqualTo(3);
        assertThat(back.late).isEqualTo(1);
        assertThat(back.onTime).isEqualTo(3);
        assertThat(back.lateFirings).isEqualTo(1);
        assertThat(back.deadLetters).containsExactly(java.util.Map.entry("unparsable", 1L));

        back.result(result("b", 1000, 2000, 2, "LATE", 2250)); // still open: replaces b's row
        assertThat(back.inRows()).isEqualTo(3 + 2 + 4);
        assertThat(back.windows()).isEqualTo(3);
        back.result(result("d", 5000, 6000, 1, "ON_TIME", Long.MAX_VALUE)); // the end of the input: every row final
        assertThat(back.finalWindows).isEqualTo(4);
        assertThat(back.inRows()).isEqualTo(10);
    }

    @Test
    void aSessionThatGrewReplacesTheRowsItCovers() throws Exception {
        LinkCounts c = new LinkCounts(LATENESS);
        c.result(result("s", 0, 500, 1, "ON_TIME", 600)); // cleaned up at 799
        c.result(result("s", 510, 700, 2, "ON_TIME", 750));
        c.result(result("s", 0, 980, 4, "LATE", 760, new Span(0, 500), new Span(510, 700))); // a late record bridged them
        assertThat(c.inRows()).isEqualTo(4);
        assertThat(c.windows()).isEqualTo(1);
        LinkCounts back = LinkCounts.decode(c.encode(), LATENESS);
        back.result(result("s", 0, 1000, 5, "LATE", 770, new Span(0, 980)));
        assertThat(back.inRows()).isEqualTo(5);
        assertThat(back.windows()).isEqualTo(1);
    }
}
