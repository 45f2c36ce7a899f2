package io.tidemark.runtime.checkpoint;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The state of one operator subtask (or of a task's own progress) at a checkpoint: named sections, each
 * with the format version its writer used, its bytes, and its Java-serialized objects. Sections let
 * each part evolve on its own: a reader checks the version it finds and fails clearly on one it does
 * not know. Immutable once built; held in memory from the snapshot until it is written.
 *
 * <pre>{@code
 * StateSnapshot.Builder b = StateSnapshot.builder();
 * b.section("window.session", 1, out -> { out.writeInt(n); ... });
 * StateSnapshot s = b.build();
 * s.read("window.session", 1, in -> { int n = in.readInt(); ... });
 * }</pre>
 */
public final class StateSnapshot {

    /** One section's bytes. */
    public record Section(int version, byte[] bytes, byte[] javaBytes) {
        public int size() {
            return bytes.length + javaBytes.length;
        }
    }

    /** Writes a section. */
    @FunctionalInterface
    public interface Writer {
        void write(StateOutput out) throws Exception;
    }

    /** Reads a section. */
    @FunctionalInterface
    public interface Reader {
        void read(StateInput in) throws Exception;
    }

    /** A snapshot without sections. */
    public static final StateSnapshot EMPTY = new StateSnapshot(Map.of());

    private final Map<String, Section> sections;

    private StateSnapshot(Map<String, Section> sections) {
        this.sections = sections;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A snapshot of the given sections (as read from storage). */
    public static StateSnapshot of(Map<String, Section> sections) {
        return new StateSnapshot(Collections.unmodifiableMap(new LinkedHashMap<>(sections)));
    }

    public Map<String, Section> sections() {
        return sections;
    }

    public Set<String> names() {
        return sections.keySet();
    }

    public boolean has(String name) {
        return sections.containsKey(name);
    }

    public boolean isEmpty() {
        return sections.isEmpty();
    }

    /** Bytes of all sections. */
    public long size() {
        long n = 0;
        for (Section s : sections.values()) {
            n += s.size();
        }
        return n;
    }

    /**
     * Reads section {@code name} with {@code reader} if there is one (returns whether there was);
     * fails if it was written in another format version than {@code version}, or if the reader leaves
     * bytes unread (it and the writer disagree).
     */
    public boolean read(String name, int version, Reader reader) throws Exception {
        Section s = sections.get(name);
        if (s == null) {
            return false;
        }
        if (s.version() != version) {
            throw new IOException("snapshot section '" + name + "' has format version " + s.version() + "; this Tidemark reads version "
                    + version);
        }
        StateInput in = new StateInput(s.bytes(), s.javaBytes());
        reader.read(in);
        if (in.remaining() != 0) {
            throw new IOException("snapshot section '" + name + "': " + in.remaining() + " bytes left unread");
        }
        return true;
    }

    /** Builds a snapshot section by section. */
    public static final class Builder {
        private final Map<String, Section> sections = new LinkedHashMap<>();

        /** Writes section {@code name} in format {@code version}. */
        public Builder section(String name, int version, Writer writer) throws Exception {
            if (sections.containsKey(name)) {
                throw new IllegalArgumentException("snapshot section '" + name + "' written twice");
            }
            StateOutput out = new StateOutput();
            writer.write(out);
            sections.put(name, new Section(version, out.toByteArray(), out.javaBytes()));
            return this;
        }

        /** Adds every section of {@code other}, each name prefixed with {@code prefix}. */
        public Builder addAll(String prefix, StateSnapshot other) {
            for (Map.Entry<String, Section> e : other.sections.entrySet()) {
                sections.put(prefix + e.getKey(), e.getValue());
            }
            return this;
        }

        public StateSnapshot build() {
            return new StateSnapshot(Collections.unmodifiableMap(new LinkedHashMap<>(sections)));
        }
    }

    /** The sections whose names start with {@code prefix}, the prefix removed. */
    public StateSnapshot withPrefix(String prefix) {
        Map<String, Section> m = new LinkedHashMap<>();
        for (Map.Entry<String, Section> e : sections.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                m.put(e.getKey().substring(prefix.length()), e.getValue());
            }
        }
        return new StateSnapshot(Collections.unmodifiableMap(m));
    }
}
