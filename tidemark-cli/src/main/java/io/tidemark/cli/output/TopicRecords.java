package io.tidemark.cli.output;

import io.tidemark.cli.data.OutputRecord;
import io.tidemark.cli.spi.OutputContext;
import io.tidemark.connector.kafka.sink.KafkaRecordSerializationSchema;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * A {@code type: kafka} output's records as a job writes them from a cluster ({@link KafkaOutputType.Spec#sinkOnCluster}):
 * key and value exactly as the command writes them ({@link KafkaOutputType#message}). Serializable: it
 * holds what the output context says of the records, and makes the context again where it runs.
 */
final class TopicRecords implements KafkaRecordSerializationSchema<OutputRecord> {

    private static final long serialVersionUID = 1L;

    private final KafkaOutputType.Spec spec;
    private final OutputContext.Role role;
    private final List<String> keyFields;
    private final List<String> valueNames;
    private final boolean sessions;
    private final String inputFormat;
    private transient OutputContext context;

    TopicRecords(KafkaOutputType.Spec spec, OutputContext c) {
        this.spec = spec;
        this.role = c.role();
        this.keyFields = List.copyOf(c.keyFields());
        this.valueNames = List.copyOf(c.valueNames());
        this.sessions = c.sessions();
        this.inputFormat = c.inputFormat();
    }

    @Override
    public ProducerRecord<byte[], byte[]> serialize(OutputRecord element, KafkaSinkContext sinkContext, Long timestamp) {
        if (context == null) {
            // no CSV header of the input and no standard out on a TaskManager: late records are written as read
            context = new OutputContext(role, keyFields, valueNames, sessions, inputFormat, () -> null, null);
        }
        return KafkaOutputType.message(spec, context, element);
    }
}
