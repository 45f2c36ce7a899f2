package io.tidemark.runtime.tasks;

import io.tidemark.api.connector.sink2.CommitterInitContext;
import io.tidemark.api.connector.sink2.Committer;
import io.tidemark.api.connector.sink2.CommittingSinkWriter;
import io.tidemark.api.connector.sink2.Sink;
import io.tidemark.api.connector.sink2.SinkWriter;
import io.tidemark.api.connector.sink2.SupportsCommitter;
import io.tidemark.api.connector.sink2.WriterInitContext;
import io.tidemark.core.io.SimpleVersionedSerializer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An exactly-once sink into an in-memory store that outlives a job (as a database outlives a crashed
 * process): what a writer wrote since the last barrier is one committable (an id and its lines); the
 * committer adds a committable's lines to the store once, whatever number of times it is committed.
 * Lines written but never committed are lost with the job, as an aborted transaction's.
 */
final class StoreSink implements Sink<String>, SupportsCommitter<StoreSink.Batch> {

    private static final long serialVersionUID = 1L;

    /** A prepared transaction: its id and its lines. */
    record Batch(String id, List<String> lines) {}

    /** One store's committed lines and committed ids. */
    static final class Store {
        final List<String> lines = new ArrayList<>();
        final Set<String> ids = new HashSet<>();

        synchronized List<String> sorted() {
            List<String> l = new ArrayList<>(lines);
            l.sort(null);
            return l;
        }
    }

    private static final Map<String, Store> STORES = new ConcurrentHashMap<>();

    static Store store(String name) {
        return STORES.computeIfAbsent(name, k -> new Store());
    }

    private final String name;

    StoreSink(String name) {
        this.name = name;
    }

    @Override
    public SinkWriter<String> createWriter(WriterInitContext context) {
        String attempt = context.getSubtaskId() + "-" + UUID.randomUUID();
        return new CommittingSinkWriter<String, Batch>() {
            private List<String> open = new ArrayList<>();
            private int seq;

            @Override
            public void write(String element, Context c) {
                open.add(element);
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public Collection<Batch> prepareCommit() {
                Batch b = new Batch(attempt + "-" + seq++, open);
                open = new ArrayList<>();
                return List.of(b);
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public Committer<Batch> createCommitter(CommitterInitContext context) {
        Store store = store(name);
        return new Committer<>() {
            @Override
            public void commit(Collection<CommitRequest<Batch>> requests) {
                synchronized (store) {
                    for (CommitRequest<Batch> r : requests) {
                        if (store.ids.add(r.getCommittable().id())) {
                            store.lines.addAll(r.getCommittable().lines());
                        } else {
                            r.signalAlreadyCommitted();
                        }
                    }
                }
            }

            @Override
            public void close() {}
        };
    }

    @Override
    public SimpleVersionedSerializer<Batch> getCommittableSerializer() {
        return new SimpleVersionedSerializer<>() {
            @Override
            public int getVersion() {
                return 1;
            }

            @Override
            public byte[] serialize(Batch b) throws IOException {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                DataOutputStream out = new DataOutputStream(bytes);
                out.writeUTF(b.id());
                out.writeInt(b.lines().size());
                for (String l : b.lines()) {
                    out.writeUTF(l);
                }
                return bytes.toByteArray();
            }

            @Override
            public Batch deserialize(int version, byte[] serialized) throws IOException {
                DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
                String id = in.readUTF();
                int n = in.readInt();
                List<String> lines = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    lines.add(in.readUTF());
                }
                return new Batch(id, lines);
            }
        };
    }
}
