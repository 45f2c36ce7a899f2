package io.tidemark.runtime.tasks;

import java.util.function.Supplier;

/** One subtask's thread body: a source task or an input task. */
interface Task extends Runnable {

    String getName();

    void bind(LocalJob job);

    /** Stops the task soon; safe to call from any thread, any number of times. */
    void cancel();

    /**
     * A task thread's body: runs {@code work}, then {@code close}, each returning its failure or null,
     * and reports the first failure to {@code job} whatever happens, also an error thrown while failing
     * or closing (out of memory again): the job never waits for a task that has died.
     */
    static void runThenClose(Task task, LocalJob job, Supplier<Throwable> work, Supplier<Throwable> close) {
        Throwable failure = null;
        try {
            failure = work.get();
        } catch (Throwable t) {
            failure = t;
        }
        try {
            Throwable closeFailure = close.get();
            if (failure == null) {
                failure = closeFailure;
            }
        } catch (Throwable t) {
            if (failure == null) {
                failure = t;
            }
        } finally {
            job.taskFinished(task, failure);
        }
    }
}
