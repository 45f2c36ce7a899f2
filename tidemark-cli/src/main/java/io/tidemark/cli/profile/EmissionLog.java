package io.tidemark.cli.profile;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the source emitted, kept in a temporary file so that {@code tidemark profile} can simulate
 * bounds it chooses only after measuring, without reading and parsing the input again: 24 bytes per
 * record (split, event time, key, processing time) on disk, nothing per record in memory. The file is
 * deleted on {@link #close}.
 */
final class EmissionLog implements Emissions, Closeable {

    /** Split numbers looked up by identity before the map. */
    private static final int FEW_SPLITS = 8;
    private final Path file;
    private final DataOutputStream out;
    private final Map<String, Integer> splitIds = new HashMap<>();
    private final List<String> splits = new ArrayList<>();
    private long endClock;

    EmissionLog() throws IOException {
        file = Files.createTempFile("tidemark-profile-", ".bin");
        out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
    }

    @Override
    public void record(String split, long timestamp, int key, long clock, long arrival) {
        int id = splitId(split);
        try {
            out.writeInt(id);
            out.writeLong(timestamp);
            out.writeInt(key);
            out.writeLong(clock);
        } catch (IOException e) {
            throw new UncheckedIOException("the profile's temporary file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The split's number: by identity among the first few (split names are interned), else from the map. */
    private int splitId(String split) {
        for (int i = 0, n = Math.min(splits.size(), FEW_SPLITS); i < n; i++) {
            if (splits.get(i) == split) {
                return i;
            }
        }
        Integer id = splitIds.get(split);
        if (id == null) {
            id = splits.size();
            splitIds.put(split, id);
            splits.add(split);
        }
        return id;
    }

    @Override
    public void end(long clock) {
        endClock = clock;
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Emits everything logged again, in order, to {@code to} (arrival times are not kept). */
    void replay(Emissions to) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            while (true) {
                int split;
                try {
                    split = in.readInt();
                } catch (EOFException end) {
                    break;
                }
                long ts = in.readLong();
                int key = in.readInt();
                long clock = in.readLong();
                to.record(splits.get(split), ts, key, clock, Long.MIN_VALUE);
            }
        }
        to.end(endClock);
    }

    @Override
    public void close() throws IOException {
        out.close();
        Files.deleteIfExists(file);
    }
}
