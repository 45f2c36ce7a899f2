package io.tidemark.api.common.state;

/** State that values are added to. */
public interface AppendingState<IN, OUT> extends State {
    /** The current contents, or {@code null} when empty. */
    OUT get() throws Exception;

    void add(IN value) throws Exception;
}
