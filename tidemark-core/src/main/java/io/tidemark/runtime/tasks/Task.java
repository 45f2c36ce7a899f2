package io.tidemark.runtime.tasks;

/** One subtask's thread body: a source task or an input task. */
interface Task extends Runnable {

    String getName();

    void bind(LocalJob job);

    /** Stops the task soon; safe to call from any thread, any number of times. */
    void cancel();
}
