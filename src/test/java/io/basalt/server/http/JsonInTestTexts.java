package io.basalt.server.http;

/** Texts shared by the protocol tests. */
final class JsonInTestTexts {
    /** The service's answer when a list/map element of a list/map is a scalar (verbatim, recorded from the service). */
    static final String NESTED_COLLECTION = "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to"
            + " class java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and java.lang.Class"
            + " are in module java.base of loader 'bootstrap')";

    private JsonInTestTexts() {}
}
