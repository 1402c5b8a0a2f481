package io.basalt.junit5;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the test class against an in-process Basalt server (no container, no process): test methods,
 * constructors and lifecycle methods get {@code DynamoDbClient}, {@code DynamoDbAsyncClient},
 * {@code URI} (the endpoint) or {@code Basalt} parameters.
 *
 * <pre>
 * &#64;BasaltTest(tables = "tables.json")
 * class OrdersTest {
 *     &#64;Test
 *     void putsAndGets(DynamoDbClient dynamo) { ... }
 * }
 * </pre>
 *
 * For settings in code, register {@link BasaltExtension} with {@code @RegisterExtension} instead.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(BasaltExtension.class)
public @interface BasaltTest {
    /** One server for the whole JVM (the default, the fastest) or one per test class. */
    ServerScope scope() default ServerScope.JVM;

    /**
     * Classpath resources creating tables before each test (with {@link Cleanup#DROP_TABLES}) or once
     * before the class: a JSON array of CreateTable requests, an object {@code {"tables": [...],
     * "items": {"Table": [item, ...]}}}, or a NoSQL Workbench model ({@code "DataModel"}).
     */
    String[] tables() default {};

    /** What happens after each test: every table dropped (the default) or nothing. */
    Cleanup cleanup() default Cleanup.DROP_TABLES;

    /** Keep the data in memory (the default) or in RocksDB in a temporary directory deleted at the end. */
    boolean inMemory() default true;

    /** Capacity mode: "report" (the default: metered, never throttled), "enforce" or "off". */
    String capacity() default "report";
}
