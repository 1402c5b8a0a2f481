package io.basalt.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** A second class asking for the JVM-wide server gets the same one (no start-up of its own). */
@BasaltTest
class OtherJvmScopedTest {
    @Test
    void sameServerAsTheOtherClasses(URI endpoint) {
        SharedServer.ENDPOINTS.add(endpoint);
        assertEquals(1, SharedServer.ENDPOINTS.size(), "one server for the JVM: " + SharedServer.ENDPOINTS);
    }
}
