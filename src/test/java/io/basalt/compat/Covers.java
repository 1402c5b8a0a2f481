package io.basalt.compat;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares which API operation and request parameters a test (or every test of a class) exercises
 * against a running server. When such tests pass, docs/compatibility.md marks those parameters as
 * tested; the document is generated from these annotations, so it cannot drift from the tests.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@Repeatable(Covers.List.class)
public @interface Covers {
    /** Operation name as in the API Reference, e.g. "PutItem"; Streams operations as "Streams.GetRecords". */
    String operation();

    /** Request parameters exercised, e.g. {"ConditionExpression", "ReturnValues"}; empty = the operation itself. */
    String[] parameters() default {};

    @Retention(RetentionPolicy.RUNTIME)
    @Target({ElementType.METHOD, ElementType.TYPE})
    @interface List {
        Covers[] value();
    }
}
