package io.tidemark.api.common.functions;

/** Base class for rich functions: keeps the runtime context the engine sets. */
public abstract class AbstractRichFunction implements RichFunction {

    private static final long serialVersionUID = 1L;

    private transient RuntimeContext runtimeContext;

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.runtimeContext = context;
    }

    @Override
    public RuntimeContext getRuntimeContext() {
        if (runtimeContext == null) {
            throw new IllegalStateException("the runtime context is set when the function is opened");
        }
        return runtimeContext;
    }

    @Override
    public void open(OpenContext openContext) throws Exception {}

    @Override
    public void close() throws Exception {}
}
