package io.tidemark.cli.job;

import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.LateRecord;
import io.tidemark.cli.data.WindowResult;
import java.io.IOException;

/**
 * One results link of a run without checkpoints: everything goes to the run ({@link RunContext}) as it
 * comes, but its results are counted apart from the other links' ({@link RunStats}, under the link's
 * name). A link's frames are in its subtask's order, the links' interleave in any order; a window's
 * rows fold at the watermark of its own subtask's latest result, so a late re-firing that arrives after
 * another subtask's result at a higher watermark still replaces its window's row instead of counting it
 * twice.
 */
final class PlainLink implements RunServer.Handler {

    private final RunContext run;
    private final String link;

    PlainLink(RunContext run, String link) {
        this.run = run;
        this.link = link;
    }

    @Override
    public void result(WindowResult r) throws IOException {
        run.result(link, r);
    }

    @Override
    public void late(LateRecord r) throws IOException {
        run.late(r);
    }

    @Override
    public void dead(DeadLetter d) throws IOException {
        run.dead(d);
    }

    @Override
    public void counts(SourceCounts c) {
        run.counts(c);
    }

    @Override
    public void header(String line) {
        run.header(line);
    }

    @Override
    public void sourceEnded() {
        run.sourceEnded();
    }

    @Override
    public void failed(Throwable e) {
        run.failed(e);
    }
}
