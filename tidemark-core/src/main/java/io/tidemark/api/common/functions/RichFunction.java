package io.tidemark.api.common.functions;

/** A function with a life cycle and access to its {@link RuntimeContext}. */
public interface RichFunction extends Function {

    /** Called once before the first record. */
    default void open(OpenContext openContext) throws Exception {}

    /** Called once after the last record, also when the job fails or is cancelled. */
    default void close() throws Exception {}

    RuntimeContext getRuntimeContext();

    void setRuntimeContext(RuntimeContext context);
}
