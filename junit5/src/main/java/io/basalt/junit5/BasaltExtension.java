package io.basalt.junit5;

import io.basalt.Basalt;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.platform.commons.support.AnnotationSupport;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The JUnit 5 extension behind {@link BasaltTest}, also usable on its own:
 *
 * <pre>
 * &#64;RegisterExtension
 * static BasaltExtension basalt = BasaltExtension.builder().scope(ServerScope.CLASS).tables("tables.json").build();
 * </pre>
 *
 * It starts an in-process server (once per JVM or per class), creates the set-up tables, resolves
 * {@code DynamoDbClient}, {@code DynamoDbAsyncClient}, {@code URI} and {@code Basalt} parameters, and
 * after each test drops every table ({@link Cleanup#DROP_TABLES}) unless told otherwise.
 */
public final class BasaltExtension implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(BasaltExtension.class);
    private static final String SET_UP_DONE = "tables created";

    private final Config fixed;
    private volatile RunningServer lastServer;

    /** The settings of one use of the extension. */
    private record Config(ServerScope scope, List<String> tables, Cleanup cleanup, RunningServer.Settings settings) {}

    /** Used by {@code @BasaltTest} (settings from the annotation). */
    public BasaltExtension() {
        this.fixed = null;
    }

    private BasaltExtension(Config config) {
        this.fixed = config;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The endpoint of the server the extension started (after the class's start). */
    public URI endpoint() {
        return server().endpoint();
    }

    /** A synchronous client of the server (region us-east-1, any key). */
    public DynamoDbClient client() {
        return server().client();
    }

    /** An asynchronous client of the server. */
    public DynamoDbAsyncClient asyncClient() {
        return server().asyncClient();
    }

    /** The in-process server itself. */
    public Basalt basalt() {
        return server().basalt();
    }

    private RunningServer server() {
        RunningServer s = lastServer;
        if (s == null) throw new IllegalStateException("Basalt is not started yet: use it from a test or a @BeforeAll/@BeforeEach method");
        return s;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        RunningServer server = serverFor(context);
        Config config = config(context);
        if (config.cleanup() == Cleanup.NONE) createTablesOnce(context, server, config);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        RunningServer server = serverFor(context);
        Config config = config(context);
        if (config.cleanup() == Cleanup.DROP_TABLES) server.createTables(load(context, config));
        else createTablesOnce(context, server, config);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (config(context).cleanup() == Cleanup.DROP_TABLES) serverFor(context).dropTables();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == DynamoDbClient.class || type == DynamoDbAsyncClient.class || type == URI.class || type == Basalt.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        RunningServer server = serverFor(context);
        Class<?> type = parameter.getParameter().getType();
        if (type == DynamoDbClient.class) return server.client();
        if (type == DynamoDbAsyncClient.class) return server.asyncClient();
        if (type == URI.class) return server.endpoint();
        if (type == Basalt.class) return server.basalt();
        throw new ParameterResolutionException("BasaltExtension cannot supply a " + type.getName());
    }

    /** Tables of a class without per-test cleanup: created by the first callback that runs for the class. */
    private void createTablesOnce(ExtensionContext context, RunningServer server, Config config) {
        ExtensionContext.Store store = classContext(context).getStore(NAMESPACE);
        if (store.get(SET_UP_DONE) != null) return;
        store.put(SET_UP_DONE, Boolean.TRUE);
        server.createTables(load(context, config));
    }

    private static List<TableSetup.Table> load(ExtensionContext context, Config config) {
        List<TableSetup.Table> tables = new ArrayList<>();
        Class<?> testClass = context.getTestClass().orElse(null);
        for (String resource : config.tables()) tables.addAll(TableSetup.load(testClass, resource));
        return tables;
    }

    private RunningServer serverFor(ExtensionContext context) {
        Config config = config(context);
        RunningServer server;
        if (config.scope() == ServerScope.JVM) {
            server = context.getRoot().getStore(NAMESPACE)
                    .getOrComputeIfAbsent(config.settings(), s -> RunningServer.start(config.settings()), RunningServer.class);
        } else {
            server = classContext(context).getStore(NAMESPACE)
                    .getOrComputeIfAbsent(RunningServer.class, k -> RunningServer.start(config.settings()), RunningServer.class);
        }
        lastServer = server;
        return server;
    }

    /** The outermost class context (a @Nested class shares its enclosing class's server and tables). */
    private static ExtensionContext classContext(ExtensionContext context) {
        ExtensionContext c = context;
        while (c.getParent().isPresent() && c.getParent().get().getTestClass().isPresent()) c = c.getParent().get();
        return c;
    }

    private Config config(ExtensionContext context) {
        if (fixed != null) return fixed;
        Optional<BasaltTest> annotation = Optional.empty();
        for (ExtensionContext c = context; c != null && annotation.isEmpty(); c = c.getParent().orElse(null)) {
            if (c.getTestClass().isPresent()) annotation = AnnotationSupport.findAnnotation(c.getTestClass().get(), BasaltTest.class);
        }
        BasaltTest a = annotation.orElseThrow(() -> new IllegalStateException(
                "BasaltExtension without @BasaltTest: register it with BasaltExtension.builder()...build()"));
        return new Config(a.scope(), Arrays.asList(a.tables()), a.cleanup(), new RunningServer.Settings(a.inMemory(), a.capacity()));
    }

    /** Settings of an extension registered with {@code @RegisterExtension}; the defaults are {@link BasaltTest}'s. */
    public static final class Builder {
        private ServerScope scope = ServerScope.JVM;
        private final List<String> tables = new ArrayList<>();
        private Cleanup cleanup = Cleanup.DROP_TABLES;
        private boolean inMemory = true;
        private String capacity = "report";

        private Builder() {}

        public Builder scope(ServerScope s) {
            this.scope = s;
            return this;
        }

        /** Classpath resources with tables to create (see {@link BasaltTest#tables()}). */
        public Builder tables(String... resources) {
            tables.addAll(Arrays.asList(resources));
            return this;
        }

        public Builder cleanup(Cleanup c) {
            this.cleanup = c;
            return this;
        }

        /** Keep data in RocksDB in a temporary directory instead of memory. */
        public Builder onDisk() {
            this.inMemory = false;
            return this;
        }

        /** "report" (default), "enforce" or "off". */
        public Builder capacity(String mode) {
            this.capacity = mode;
            return this;
        }

        public BasaltExtension build() {
            return new BasaltExtension(new Config(scope, List.copyOf(tables), cleanup, new RunningServer.Settings(inMemory, capacity)));
        }
    }
}
