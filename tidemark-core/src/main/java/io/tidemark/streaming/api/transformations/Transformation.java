package io.tidemark.streaming.api.transformations;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A node of the logical pipeline the API builds: what to compute, not how to run it. The embedded
 * engine and the Flink runner both translate these nodes; the six kinds are the only ones.
 */
public abstract sealed class Transformation<T>
        permits SourceTransformation, OneInputTransformation, TwoInputTransformation, PartitionTransformation,
        SideOutputTransformation, UnionTransformation {

    private static final AtomicInteger ID_COUNTER = new AtomicInteger();

    /** How a node chains with its neighbours (Flink's {@code ChainingStrategy}, as the program set it). */
    public enum Chaining {
        /** Chained where the engine can: the default. */
        ALWAYS,
        /** Heads a chain of its own and chains nothing behind it ({@code disableChaining()}). */
        NEVER,
        /** Heads a new chain, which later nodes may join ({@code startNewChain()}). */
        HEAD
    }

    private final int id = ID_COUNTER.incrementAndGet();
    private String name;
    private String uid;
    private int parallelism = -1;
    private io.tidemark.api.common.typeinfo.TypeInformation<?> outputType;
    private boolean nonParallel;
    private String uidHash;
    private String description;
    private String slotSharingGroup;
    private Chaining chaining = Chaining.ALWAYS;

    protected Transformation(String name) {
        this.name = name;
    }

    public int getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    public String getUid() {
        return uid;
    }

    public void setUid(String uid) {
        this.uid = uid;
    }

    /** The operator's hash as Flink's savepoints know it ({@code setUidHash}), or null; only Flink uses it. */
    public String getUidHash() {
        return uidHash;
    }

    public void setUidHash(String uidHash) {
        this.uidHash = uidHash;
    }

    /** A longer description of the operator ({@code setDescription}), or null. */
    public String getUserDescription() {
        return description;
    }

    public void setUserDescription(String description) {
        this.description = description;
    }

    /** The slot sharing group ({@code slotSharingGroup}), or null for the default; the embedded engine has no slots. */
    public String getSlotSharingGroup() {
        return slotSharingGroup;
    }

    public void setSlotSharingGroup(String slotSharingGroup) {
        this.slotSharingGroup = slotSharingGroup;
    }

    public Chaining getChaining() {
        return chaining;
    }

    public void setChaining(Chaining chaining) {
        this.chaining = java.util.Objects.requireNonNull(chaining, "chaining");
    }

    /** The parallelism set on this node, or -1 for the job default. */
    public int getParallelism() {
        return parallelism;
    }

    public void setParallelism(int parallelism) {
        if (parallelism < 1 && parallelism != -1) {
            throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
        }
        if (nonParallel && parallelism != 1) {
            throw new IllegalArgumentException("the parallelism of non-parallel operator '" + name + "' must be 1, not "
                    + parallelism);
        }
        this.parallelism = parallelism;
    }

    /** The record type the program declared ({@code returns(...)}), or null: engines that need types use it. */
    public io.tidemark.api.common.typeinfo.TypeInformation<?> getOutputType() {
        return outputType;
    }

    public void setOutputType(io.tidemark.api.common.typeinfo.TypeInformation<?> outputType) {
        this.outputType = outputType;
    }

    /** Fixes the parallelism at 1 for good (a non-keyed window, as Flink's {@code forceNonParallel}). */
    public void setNonParallel() {
        this.parallelism = 1;
        this.nonParallel = true;
    }

    /** Whether the parallelism is fixed at 1. */
    public boolean isNonParallel() {
        return nonParallel;
    }

    /** The nodes this one reads from. */
    public abstract List<Transformation<?>> getInputs();

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{id=" + id + ", name='" + name + "'}";
    }
}
