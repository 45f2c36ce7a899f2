package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.functions.Function;
import io.tidemark.api.common.functions.OpenContext;
import io.tidemark.api.common.functions.RichFunction;
import io.tidemark.api.common.functions.RuntimeContext;
import java.util.Objects;

/**
 * A function that runs a user function inside another (an adapter the API puts between a user
 * function and the operator that runs it): the life cycle and the runtime context reach the wrapped
 * function when it is a {@link RichFunction}.
 */
abstract class WrappingFunction<F extends Function> implements RichFunction {

    private static final long serialVersionUID = 1L;

    final F wrapped;
    private transient RuntimeContext runtimeContext;

    WrappingFunction(F wrapped) {
        this.wrapped = Objects.requireNonNull(wrapped, "function");
    }

    @Override
    public void open(OpenContext openContext) throws Exception {
        if (wrapped instanceof RichFunction rich) {
            rich.open(openContext);
        }
    }

    @Override
    public void close() throws Exception {
        if (wrapped instanceof RichFunction rich) {
            rich.close();
        }
    }

    @Override
    public RuntimeContext getRuntimeContext() {
        return runtimeContext;
    }

    @Override
    public void setRuntimeContext(RuntimeContext context) {
        this.runtimeContext = context;
        if (wrapped instanceof RichFunction rich) {
            rich.setRuntimeContext(context);
        }
    }

    @Override
    public String toString() {
        return wrapped.toString();
    }
}
