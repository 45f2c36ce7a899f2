package io.tidemark.cli.data;

import java.io.Serializable;

/** Where a Kafka record came from: its topic, partition and offset (a dead letter's origin). */
public record KafkaOrigin(String topic, int partition, long offset) implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How a dead letter names the input: {@code kafka:TOPIC/PARTITION} (its line is the offset). */
    public String source() {
        return "kafka:" + topic + "/" + partition;
    }
}
