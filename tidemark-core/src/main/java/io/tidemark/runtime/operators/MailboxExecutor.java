package io.tidemark.runtime.operators;

import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/**
 * Runs an action where a subtask's operators run — on its thread between records, or holding its
 * task lock — so that code on another thread (a monitoring request) can read operator state that only
 * the subtask's thread may touch (Flink's mailbox executor). Actions must be short and read-only.
 */
@FunctionalInterface
public interface MailboxExecutor {

    /**
     * Runs {@code action} on the subtask's side; the future completes with its result, or exceptionally
     * with its exception, or when the subtask has ended before running it.
     */
    <T> CompletableFuture<T> submit(Callable<T> action);

    /** Runs actions at once on the calling thread: for a single-threaded harness that owns the operators. */
    MailboxExecutor DIRECT = new MailboxExecutor() {
        @Override
        public <T> CompletableFuture<T> submit(Callable<T> action) {
            CompletableFuture<T> f = new CompletableFuture<>();
            try {
                f.complete(action.call());
            } catch (Throwable t) {
                f.completeExceptionally(t);
            }
            return f;
        }
    };
}
