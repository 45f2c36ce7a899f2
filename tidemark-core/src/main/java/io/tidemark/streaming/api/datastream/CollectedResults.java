package io.tidemark.streaming.api.datastream;

import io.tidemark.api.common.JobStatus;
import io.tidemark.core.execution.JobClient;
import io.tidemark.streaming.api.functions.sink.SinkFunction;
import io.tidemark.util.CloseableIterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The results of {@code executeAndCollect}: a sink hands each record to a bounded queue in this JVM,
 * the iterator takes them out as the job runs. Back-pressure: a sink subtask waits while the queue
 * holds {@value #CAPACITY} records not yet read. The iterator ends when the job ended and the queue is
 * empty; a failed job throws its failure from {@code hasNext}; {@code close} before the end cancels
 * the job. Runs wherever the sink runs in this JVM: the embedded engine, a local Flink MiniCluster.
 */
final class CollectedResults<T> implements CloseableIterator<T> {

    /** Records read ahead of the iterator, at most. */
    static final int CAPACITY = 1024;
    private static final Map<String, Queue> QUEUES = new ConcurrentHashMap<>();

    /** A job's queue; {@code closed} once the iterator is closed (the sink then drops what comes). */
    private static final class Queue {
        final BlockingQueue<Object> records = new ArrayBlockingQueue<>(CAPACITY);
        volatile boolean closed;
    }

    /** The sink: each subtask's copy hands records to the queue of its id. */
    static final class Sink<T> implements SinkFunction<T> {
        private static final long serialVersionUID = 1L;
        private final String id;

        Sink(String id) {
            this.id = id;
        }

        @Override
        public void invoke(T value, Context context) throws InterruptedException {
            Queue q = QUEUES.get(id);
            while (q != null && !q.closed && !q.records.offer(value, 100, TimeUnit.MILLISECONDS)) {
                // the reader is behind: wait for room, or for the iterator to be closed
            }
        }
    }

    private final String id;
    private final Queue queue;
    private JobClient client;
    private T next;
    private boolean done;

    private CollectedResults(String id, Queue queue) {
        this.id = id;
        this.queue = queue;
    }

    /** Adds the collecting sink to {@code stream}, runs the job and returns the iterator over its results. */
    static <T> CollectedResults<T> execute(DataStream<T> stream, String jobName) throws Exception {
        String id = UUID.randomUUID().toString();
        Queue q = new Queue();
        QUEUES.put(id, q);
        CollectedResults<T> results = new CollectedResults<>(id, q);
        try {
            stream.addSink(new Sink<>(id)).name("Data stream collect sink");
            results.client = stream.getExecutionEnvironment().executeAsync(jobName);
        } catch (Exception | Error e) {
            QUEUES.remove(id);
            throw e;
        }
        return results;
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean hasNext() {
        if (next != null) {
            return true;
        }
        if (done) {
            return false;
        }
        try {
            while (true) {
                Object v = queue.records.poll(50, TimeUnit.MILLISECONDS);
                if (v != null) {
                    next = (T) v;
                    return true;
                }
                JobStatus status = client.getJobStatus();
                if (status == JobStatus.FINISHED || status == JobStatus.FAILED || status == JobStatus.CANCELED) {
                    v = queue.records.poll();
                    if (v != null) {
                        next = (T) v;
                        return true;
                    }
                    done = true;
                    QUEUES.remove(id);
                    client.getJobExecutionResult(); // throws the job's failure
                    return false;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the job's results", e);
        } catch (Exception e) {
            throw new IllegalStateException("the job failed: " + e.getMessage(), e);
        }
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        T v = next;
        next = null;
        return v;
    }

    /** Cancels the job unless it ended. */
    @Override
    public void close() throws Exception {
        queue.closed = true;
        QUEUES.remove(id);
        if (!done) {
            done = true;
            client.cancel();
        }
    }
}
