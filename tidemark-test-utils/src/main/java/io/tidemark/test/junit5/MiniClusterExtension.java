package io.tidemark.test.junit5;

import io.tidemark.runtime.testutils.MiniClusterResourceConfiguration;
import io.tidemark.streaming.util.TestStreamEnvironment;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The JUnit 5 extension in the place of Flink's {@code MiniClusterExtension}: registered on a test class
 * ({@code @RegisterExtension static final MiniClusterExtension CLUSTER = new MiniClusterExtension(config)}),
 * it makes {@code StreamExecutionEnvironment.getExecutionEnvironment()} return a
 * {@link TestStreamEnvironment} whose default parallelism is the configuration's slots (task managers
 * times slots per task manager), for every test of the class; registered on an instance field, for each
 * test. Jobs run on the embedded engine in the test's JVM: nothing is started or stopped but the context.
 */
public final class MiniClusterExtension implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback,
        AfterAllCallback {

    private final Supplier<MiniClusterResourceConfiguration> configuration;
    private MiniClusterResourceConfiguration current;
    /** Whether beforeAll set the context (a static registration): beforeEach then leaves it alone. */
    private boolean perClass;

    /** One task manager with one slot. */
    public MiniClusterExtension() {
        this(new MiniClusterResourceConfiguration.Builder().build());
    }

    public MiniClusterExtension(MiniClusterResourceConfiguration configuration) {
        this(() -> configuration);
    }

    public MiniClusterExtension(Supplier<MiniClusterResourceConfiguration> configuration) {
        this.configuration = configuration;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        perClass = true;
        start();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (!perClass) {
            start();
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (!perClass) {
            stop();
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop();
        perClass = false;
    }

    /** The slots of the configuration: the default parallelism of the test's jobs. */
    public Integer getNumberSlots() {
        MiniClusterResourceConfiguration c = current != null ? current : configuration.get();
        return c.getNumberTaskManagers() * c.getNumberSlotsPerTaskManager();
    }

    /** Whether the test's environments are in place (between the before and after callbacks). */
    public boolean isRunning() {
        return current != null;
    }

    /** A new environment of the test, as {@code getExecutionEnvironment()} returns while running. */
    public TestStreamEnvironment getTestStreamEnvironment() {
        return new TestStreamEnvironment(getNumberSlots());
    }

    private void start() {
        current = configuration.get();
        TestStreamEnvironment.setAsContext(getNumberSlots());
    }

    private void stop() {
        TestStreamEnvironment.unsetAsContext();
        current = null;
    }
}
