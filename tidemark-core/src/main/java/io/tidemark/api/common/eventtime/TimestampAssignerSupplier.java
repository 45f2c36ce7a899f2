package io.tidemark.api.common.eventtime;

import java.io.Serializable;

/** Creates a {@link TimestampAssigner} for each place (split, subtask) that assigns timestamps. */
@FunctionalInterface
public interface TimestampAssignerSupplier<T> extends Serializable {

    TimestampAssigner<T> createTimestampAssigner(Context context);

    /** What a supplier can use while creating its assigner. */
    interface Context {
        /** The job's processing-time clock. */
        io.tidemark.time.Clock getClock();
    }

    /** Wraps a serializable assigner into a supplier. */
    static <T> TimestampAssignerSupplier<T> of(SerializableTimestampAssigner<T> assigner) {
        return new SupplierFromSerializableTimestampAssigner<>(assigner);
    }

    /** The supplier behind {@link #of}: hands out the same assigner everywhere. */
    final class SupplierFromSerializableTimestampAssigner<T> implements TimestampAssignerSupplier<T> {
        private static final long serialVersionUID = 1L;
        private final SerializableTimestampAssigner<T> assigner;

        public SupplierFromSerializableTimestampAssigner(SerializableTimestampAssigner<T> assigner) {
            this.assigner = assigner;
        }

        @Override
        public TimestampAssigner<T> createTimestampAssigner(Context context) {
            return assigner;
        }
    }
}
