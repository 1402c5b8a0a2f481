package io.basalt.junit5;

import java.net.URI;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The endpoints the JVM-scoped test classes were given: one server for all of them. */
final class SharedServer {
    static final Set<URI> ENDPOINTS = ConcurrentHashMap.newKeySet();

    private SharedServer() {}
}
