package io.basalt.storage.cassandra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.CASWriteUnknownException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.api.core.servererrors.WriteTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.WriteType;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which of Cassandra's failures say "nothing was done" (503), which leave the outcome unknown (500),
 * and which may be sent again: what the fault test saw with two of three nodes down, one by one.
 */
class CassandraErrorsTest {
    private static final Node ONE = node("127.0.0.1"), TWO = node("127.0.0.2");

    private static Node node(String name) {
        return (Node) Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] {Node.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "toString" -> name;
                    case "hashCode" -> name.hashCode();
                    case "equals" -> proxy == args[0];
                    default -> null;
                });
    }

    private static AllNodesFailedException all(Throwable one, Throwable two) {
        Map<Node, Throwable> errors = new LinkedHashMap<>();
        errors.put(ONE, one);
        if (two != null) errors.put(TWO, two);
        return AllNodesFailedException.fromErrors(errors);
    }

    private static int status(DriverException e) {
        RuntimeException mapped = CassandraErrors.map(e);
        return mapped instanceof DynamoException d ? d.type().httpStatus() : -1;
    }

    private static final UnavailableException UNAVAILABLE = new UnavailableException(ONE, ConsistencyLevel.LOCAL_QUORUM, 2, 1);
    private static final CASWriteUnknownException CAS_UNKNOWN = new CASWriteUnknownException(ONE, ConsistencyLevel.LOCAL_SERIAL, 1, 2);

    @Test
    void refusedBeforeAnyReplicaWasAskedIsUnavailable() {
        assertEquals(503, status(UNAVAILABLE));
        assertEquals(503, status(new OverloadedException(ONE)));
        // the driver tried the next node after the coordinator's refusal, and none was left
        assertEquals(503, status(all(UNAVAILABLE, null)));
        assertEquals(503, status(all(UNAVAILABLE, new NodeUnavailableException(TWO))));
        assertEquals(ErrorType.SERVICE_UNAVAILABLE, ((DynamoException) CassandraErrors.map(UNAVAILABLE)).type());
    }

    @Test
    void aTimeoutOrALostConnectionAnywhereLeavesTheOutcomeUnknown() {
        assertEquals(500, status(CAS_UNKNOWN));
        assertEquals(500, status(new WriteTimeoutException(ONE, ConsistencyLevel.LOCAL_SERIAL, 1, 3, WriteType.CAS)));
        assertEquals(500, status(new ClosedConnectionException("Unexpected error on channel")));
        // one node refused, another may have carried it out: not "nothing was done"
        assertEquals(500, status(all(UNAVAILABLE, CAS_UNKNOWN)));
        assertEquals(500, status(all(new java.nio.channels.ClosedChannelException(), null)));
    }

    @Test
    void whatMayBeSentAgain() {
        assertTrue(CassandraErrors.notSent(all(new NodeUnavailableException(ONE), null)), "no connection: never sent");
        assertFalse(CassandraErrors.notSent(all(UNAVAILABLE, null)), "refused by a coordinator: answered, not resent");
        assertFalse(CassandraErrors.notSent(CAS_UNKNOWN));
        assertTrue(CassandraErrors.connectionLost(all(new java.nio.channels.ClosedChannelException(), null)));
        assertTrue(CassandraErrors.connectionLost(new ClosedConnectionException("reset")));
        assertFalse(CassandraErrors.connectionLost(all(CAS_UNKNOWN, null)));
        // the cause is kept for the server's log, never rendered
        DynamoException mapped = (DynamoException) CassandraErrors.map(CAS_UNKNOWN);
        assertEquals("Internal server error", mapped.getMessage());
        assertTrue(mapped.getCause() == CAS_UNKNOWN);
    }
}
