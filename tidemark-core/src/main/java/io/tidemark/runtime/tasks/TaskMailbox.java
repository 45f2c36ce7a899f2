package io.tidemark.runtime.tasks;

import io.tidemark.runtime.operators.MailboxExecutor;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A task's {@link MailboxExecutor}. A source task runs an action on the calling thread holding the task
 * lock, under which every operator call of its chain is made ({@link #runUnder}). An input task drains
 * the mailbox on its own thread between batches ({@link #runPending}: one volatile read per batch while
 * it is empty) and is woken from a wait on its empty gate. Once the task has ended ({@link #close}),
 * actions fail at once, and so do any still queued.
 */
final class TaskMailbox implements MailboxExecutor {

    /** A queued action and its future. */
    private record Mail<T>(Callable<T> action, CompletableFuture<T> result) {
        void run() {
            try {
                result.complete(action.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }

        void fail() {
            result.completeExceptionally(new IllegalStateException("the subtask has ended"));
        }
    }

    private final ConcurrentLinkedQueue<Mail<?>> mails = new ConcurrentLinkedQueue<>();
    private volatile boolean hasMail;
    private volatile boolean closed;
    private volatile Object lock;
    private volatile Runnable wakeUp = () -> { };

    /** Actions run on the caller's thread holding {@code taskLock} (a source task). */
    void runUnder(Object taskLock) {
        this.lock = taskLock;
    }

    /** Called after an action is queued, so that a task waiting for input looks at its mailbox. */
    void setWakeUp(Runnable wakeUp) {
        this.wakeUp = wakeUp;
    }

    @Override
    public <T> CompletableFuture<T> submit(Callable<T> action) {
        Mail<T> mail = new Mail<>(action, new CompletableFuture<>());
        Object l = lock;
        if (l != null) {
            synchronized (l) {
                if (closed) {
                    mail.fail();
                } else {
                    mail.run();
                }
            }
            return mail.result();
        }
        mails.add(mail);
        hasMail = true;
        if (closed) {
            failPending();
        } else {
            wakeUp.run();
        }
        return mail.result();
    }

    /** Submits {@code action}; a failure of it goes to {@code onFailure} (on whichever thread ran it). */
    void run(CheckpointCoordinator.TaskAction action, java.util.function.Consumer<Throwable> onFailure) {
        submit(() -> {
            action.run();
            return null;
        }).whenComplete((r, t) -> {
            if (t != null) {
                onFailure.accept(t);
            }
        });
    }

    /** Runs the queued actions (on the task's thread). */
    void runPending() {
        if (!hasMail) {
            return;
        }
        hasMail = false;
        Mail<?> m;
        while ((m = mails.poll()) != null) {
            m.run();
        }
    }

    /** The task has ended: no action runs any more. A source task calls it holding its lock. */
    void close() {
        closed = true;
        failPending();
    }

    private void failPending() {
        Mail<?> m;
        while ((m = mails.poll()) != null) {
            m.fail();
        }
    }
}
