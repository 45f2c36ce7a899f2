package io.tidemark.flink.bridge;

import io.tidemark.connector.file.sink.FileSink;
import io.tidemark.streaming.api.functions.sink.filesystem.BucketAssigner;
import io.tidemark.streaming.api.functions.sink.filesystem.PartFileInfo;
import io.tidemark.streaming.api.functions.sink.filesystem.RollingPolicy;
import java.io.IOException;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.functions.sink.filesystem.OutputFileConfig;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.SimpleVersionedStringSerializer;

/**
 * A Tidemark row-format {@link FileSink} as Flink's own {@code FileSink}: the same base path, encoder,
 * bucket assigner, rolling policy and part file names, so Flink's two-phase commit (pending parts
 * committed with the checkpoint, in-progress parts resumed on restore) applies. Tidemark's encoder,
 * assigner and policy run inside Flink through the adapters below.
 */
public final class FileSinks {

    private FileSinks() {}

    /** Flink's file sink for {@code sink}. */
    public static org.apache.flink.connector.file.sink.FileSink<Object> of(FileSink<Object> sink) {
        io.tidemark.api.common.serialization.Encoder<Object> encoder = sink.getEncoder();
        return org.apache.flink.connector.file.sink.FileSink
                .forRowFormat(new Path(sink.getBasePath().toString()), new Encoder(encoder))
                .withBucketAssigner(new Assigner(sink.getBucketAssigner()))
                .withRollingPolicy(new Rolling(sink.getRollingPolicy()))
                .withOutputFileConfig(new OutputFileConfig(sink.getOutputFileConfig().getPartPrefix(),
                        sink.getOutputFileConfig().getPartSuffix()))
                .build();
    }

    private record Encoder(io.tidemark.api.common.serialization.Encoder<Object> encoder)
            implements org.apache.flink.api.common.serialization.Encoder<Object> {
        @Override
        public void encode(Object element, java.io.OutputStream stream) throws IOException {
            encoder.encode(element, stream);
        }
    }

    private record Assigner(BucketAssigner<Object, String> assigner)
            implements org.apache.flink.streaming.api.functions.sink.filesystem.BucketAssigner<Object, String> {
        @Override
        public String getBucketId(Object element,
                org.apache.flink.streaming.api.functions.sink.filesystem.BucketAssigner.Context context) {
            return assigner.getBucketId(element, new BucketAssigner.Context() {
                @Override
                public long currentProcessingTime() {
                    return context.currentProcessingTime();
                }

                @Override
                public long currentWatermark() {
                    return context.currentWatermark();
                }

                @Override
                public Long timestamp() {
                    return context.timestamp();
                }
            });
        }

        @Override
        public SimpleVersionedSerializer<String> getSerializer() {
            return SimpleVersionedStringSerializer.INSTANCE;
        }
    }

    private record Rolling(RollingPolicy<Object, String> policy)
            implements org.apache.flink.streaming.api.functions.sink.filesystem.RollingPolicy<Object, String> {
        @Override
        public boolean shouldRollOnCheckpoint(org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo<String> part)
                throws IOException {
            return policy.shouldRollOnCheckpoint(info(part));
        }

        @Override
        public boolean shouldRollOnEvent(org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo<String> part,
                Object element) throws IOException {
            return policy.shouldRollOnEvent(info(part), element);
        }

        @Override
        public boolean shouldRollOnProcessingTime(org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo<String> part,
                long currentTime) throws IOException {
            return policy.shouldRollOnProcessingTime(info(part), currentTime);
        }

        private static PartFileInfo<String> info(org.apache.flink.streaming.api.functions.sink.filesystem.PartFileInfo<String> part)
                throws IOException {
            long size = part.getSize();
            return new PartFileInfo<>() {
                @Override
                public String getBucketId() {
                    return part.getBucketId();
                }

                @Override
                public long getCreationTime() {
                    return part.getCreationTime();
                }

                @Override
                public long getSize() {
                    return size;
                }

                @Override
                public long getLastUpdateTime() {
                    return part.getLastUpdateTime();
                }
            };
        }
    }
}
