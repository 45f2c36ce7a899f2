package io.tidemark.runtime.testutils;

/**
 * The size of a test's "cluster", as Flink's class of the same name: task managers times slots per task
 * manager is the default parallelism of the test's jobs ({@code MiniClusterExtension}). The embedded
 * engine runs each subtask on a thread of the test's JVM; there are no processes to start.
 */
public final class MiniClusterResourceConfiguration {

    private final int numberTaskManagers;
    private final int numberSlotsPerTaskManager;

    private MiniClusterResourceConfiguration(int numberTaskManagers, int numberSlotsPerTaskManager) {
        this.numberTaskManagers = numberTaskManagers;
        this.numberSlotsPerTaskManager = numberSlotsPerTaskManager;
    }

    public int getNumberTaskManagers() {
        return numberTaskManagers;
    }

    public int getNumberSlotsPerTaskManager() {
        return numberSlotsPerTaskManager;
    }

    /** Builds a configuration; 1 task manager with 1 slot unless set. */
    public static final class Builder {
        private int numberTaskManagers = 1;
        private int numberSlotsPerTaskManager = 1;

        public Builder setNumberTaskManagers(int numberTaskManagers) {
            this.numberTaskManagers = positive(numberTaskManagers, "task managers");
            return this;
        }

        public Builder setNumberSlotsPerTaskManager(int numberSlotsPerTaskManager) {
            this.numberSlotsPerTaskManager = positive(numberSlotsPerTaskManager, "slots per task manager");
            return this;
        }

        public MiniClusterResourceConfiguration build() {
            return new MiniClusterResourceConfiguration(numberTaskManagers, numberSlotsPerTaskManager);
        }

        private static int positive(int n, String what) {
            if (n < 1) {
                throw new IllegalArgumentException(what + " must be at least 1: " + n);
            }
            return n;
        }
    }
}
