package io.tidemark.runtime.source.alignment;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** A job's watermark alignment groups by name, made on first use; shared by the job's source subtasks. */
public final class AlignmentGroups {

    private final ConcurrentMap<String, AlignmentGroup> groups = new ConcurrentHashMap<>();

    public AlignmentGroup group(String name) {
        return groups.computeIfAbsent(name, AlignmentGroup::new);
    }
}
