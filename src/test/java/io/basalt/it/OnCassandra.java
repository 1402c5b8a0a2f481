package io.basalt.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a {@link ServerTestBase} class with {@code --storage cassandra} against the test cluster of
 * {@link CassandraForTests}: a subclass of an existing test class carrying this annotation runs the
 * very same tests on the Cassandra engine. {@code extended} classes run only with
 * BASALT_CASSANDRA=all (the default run keeps to a representative set); BASALT_CASSANDRA=off skips all.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@Inherited
public @interface OnCassandra {
    boolean extended() default false;
}
