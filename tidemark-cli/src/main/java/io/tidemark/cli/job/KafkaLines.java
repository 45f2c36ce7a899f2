package io.tidemark.cli.job;

import io.tidemark.api.common.serialization.DeserializationSchema;
import io.tidemark.cli.config.AggregateSpec;
import io.tidemark.cli.config.JobConfig;
import io.tidemark.cli.data.DeadLetter;
import io.tidemark.cli.data.KafkaOrigin;
import io.tidemark.cli.io.Event;
import io.tidemark.cli.io.LineInterpreter;
import io.tidemark.cli.io.TimeGuard;
import io.tidemark.cli.spi.Line;
import io.tidemark.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import io.tidemark.util.Collector;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The job's Kafka records, each record's value one line, turned into what the source emits: an
 * {@link Event}, a {@link DeadLetter} naming the record's topic, partition and offset, or
 * {@link #EMPTY} (an empty value, skipped). {@link KafkaRouter}, right after the source, sends the dead
 * letters to the command and passes the events on; every item goes through the source first, so that
 * a bad record also counts as activity on its partition (it is not idle).
 *
 * <p>The time guard runs as in replay mode with the Kafka record's timestamp as the arrival time: a
 * record whose event time is more than {@code event-time.max-future} after the moment it was written
 * to Kafka is {@code too-far-ahead}, decided at once (nothing is held, so nothing waits for the end of
 * an input that may never end).
 */
public final class KafkaLines implements KafkaRecordDeserializationSchema<Object> {

    private static final long serialVersionUID = 1L;

    /** A record with an empty value: read, skipped. */
    public static final String EMPTY = "(empty)";

    private final JobConfig.Source source;
    private final JobConfig.EventTime eventTime;
    private final List<String> keyBy;
    private final List<AggregateSpec> aggregates;
    private final io.tidemark.cli.io.TextLimits limits;
    private transient LineInterpreter interpreter;
    private transient TimeGuard guard;
    private transient Line line;

    public KafkaLines(JobConfig job) {
        this.source = job.source();
        this.eventTime = job.eventTime();
        this.keyBy = job.keyBy();
        this.aggregates = job.aggregates();
        this.limits = io.tidemark.cli.io.TextLimits.of(job);
    }

    @Override
    public void open(DeserializationSchema.InitializationContext context) {
        interpreter = new LineInterpreter(source, eventTime, keyBy, aggregates, "kafka", limits);
        guard = new TimeGuard(eventTime.maxFuture().toMillis(), eventTime.confirmations(), true, null);
        line = new Line();
    }

    @Override
    public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<Object> out) {
        KafkaOrigin origin = new KafkaOrigin(record.topic(), record.partition(), record.offset());
        if (record.value() == null) {
            out.collect(new DeadLetter(DeadLetter.UNPARSABLE, "the record has no value (a tombstone)", origin.source(),
                    origin.offset(), "").from(origin));
            return;
        }
        line.set(record.value(), source.maxLineLength());
        LineInterpreter.Outcome o = interpreter.interpret(line, origin.source(), record.offset());
        if (o instanceof LineInterpreter.Skipped) {
            out.collect(EMPTY);
        } else if (o instanceof LineInterpreter.Rejected r) {
            out.collect(r.letter().from(origin));
        } else {
            LineInterpreter.Candidate c = (LineInterpreter.Candidate) o;
            guard.offer(new LineInterpreter.Candidate(c.event(), c.split(), record.timestamp()), new TimeGuard.Decisions() {
                @Override
                public void accept(LineInterpreter.Candidate accepted) {
                    out.collect(accepted.event());
                }

                @Override
                public void reject(LineInterpreter.Candidate rejected, String detail) {
                    Event e = rejected.event();
                    out.collect(new DeadLetter(DeadLetter.TOO_FAR_AHEAD, detail, origin.source(), origin.offset(),
                            e.originalLine()).from(origin));
                }
            });
        }
    }

    /** The event time of what the source emits: an event's own; none for a dead letter or an empty record. */
    public static long timestamp(Object item) {
        return item instanceof Event e ? e.timestamp() : Long.MIN_VALUE;
    }
}
