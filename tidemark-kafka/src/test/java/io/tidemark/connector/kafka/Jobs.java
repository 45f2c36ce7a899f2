package io.tidemark.connector.kafka;

import io.tidemark.api.common.functions.AggregateFunction;
import io.tidemark.core.execution.JobClient;
import io.tidemark.api.common.metrics.SubtaskMetrics;
import io.tidemark.runtime.metrics.OperatorMetrics;
import java.io.Serializable;

/** What the Kafka watermark tests share: an event as written to a topic, a count, counters read from a running job. */
final class Jobs {

    private Jobs() {}

    /** An event: which partition it was written to, a sequence number and its event time; the value is "p,n,ts". */
    record Event(int partition, long n, long ts) implements Serializable {
        String value() {
            return partition + "," + n + "," + ts;
        }

        static Event parse(byte[] value) {
            String[] f = new String(value, java.nio.charset.StandardCharsets.UTF_8).split(",");
            return new Event(Integer.parseInt(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]));
        }
    }

    static void send(String topic, Event e) {
        SharedBroker.get().send(topic, e.partition(), null, null, e.value());
    }

    static final class Count implements AggregateFunction<Event, Long, Long> {
        @Override
        public Long createAccumulator() {
            return 0L;
        }

        @Override
        public Long add(Event v, Long a) {
            return a + 1;
        }

        @Override
        public Long getResult(Long a) {
            return a;
        }

        @Override
        public Long merge(Long a, Long b) {
            return a + b;
        }
    }

    /** Records a running job's operator {@code name} has emitted so far (all subtasks). */
    static long emitted(JobClient job, String name) {
        return sum(job, name, SubtaskMetrics.NUM_RECORDS_OUT);
    }

    /** Records a running job's operator {@code name} has received so far (all subtasks). */
    static long received(JobClient job, String name) {
        return sum(job, name, SubtaskMetrics.NUM_RECORDS_IN);
    }

    private static long sum(JobClient job, String name, String metric) {
        long n = 0;
        for (SubtaskMetrics m : job.getMetrics()) {
            if (m.getOperatorName().equals(name)) {
                n += m.snapshot().getOrDefault(metric, 0L);
            }
        }
        return n;
    }

    /** The metrics of a split source's first subtask (the embedded engine's, with the per-split state). */
    static OperatorMetrics source(JobClient job, String name) {
        for (SubtaskMetrics m : job.getMetrics()) {
            if (m.getOperatorName().equals(name)) {
                return (OperatorMetrics) m;
            }
        }
        throw new AssertionError("no operator " + name);
    }
}
