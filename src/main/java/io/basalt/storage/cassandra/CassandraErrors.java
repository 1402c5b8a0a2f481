package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.NodeUnavailableException;
import com.datastax.oss.driver.api.core.connection.BusyConnectionException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.connection.ConnectionInitException;
import com.datastax.oss.driver.api.core.connection.HeartbeatException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cassandra's failures as the service's errors (docs/scale-out.md, "Backpressure"). Nothing was done
 * (too few replicas alive, coordinator overloaded, no node reachable): ServiceUnavailable, 503, the
 * service's "unavailable or busy". A timeout, a replica failure or a connection lost with the request
 * in flight (a write's outcome is then unknown): InternalServerError, 500, as the service answers when
 * it cannot tell. Both are retryable: a retried write is a new compare-and-set on the item's version,
 * so it never applies twice.
 */
final class CassandraErrors {
    private static final Logger LOG = LoggerFactory.getLogger(CassandraErrors.class);
    static final String UNAVAILABLE = "The service is currently unavailable or busy.";

    /** During an outage every request and background pass fails: one line per kind and period, with a count. */
    private static final ThrottledWarning UNAVAILABLE_LOG = new ThrottledWarning(LOG, "Cassandra cannot take the request");
    private static final ThrottledWarning UNKNOWN_LOG = new ThrottledWarning(LOG, "Cassandra did not answer in time");

    private CassandraErrors() {}

    static RuntimeException map(DriverException e) {
        if (nothingDone(e)) {
            UNAVAILABLE_LOG.warn(e.getMessage());
            return new DynamoException(ErrorType.SERVICE_UNAVAILABLE, UNAVAILABLE, e);
        }
        if (outcomeUnknown(e)) return unknown(e);
        return e;
    }

    /** The service's answer to a request whose outcome cannot be told (500), logged as such. */
    static DynamoException unknown(Throwable e) {
        UNKNOWN_LOG.warn(e.getMessage());
        return new DynamoException(ErrorType.INTERNAL_SERVER_ERROR, "Internal server error", e);
    }

    /**
     * Whether Cassandra certainly did nothing: too few replicas alive or the coordinator overloaded
     * (refused before any replica was asked), or the request reached no node. The driver reports a
     * request it tried on several nodes as AllNodesFailedException: one that timed out on one of
     * them may have been applied there, so its outcome is unknown (500), not refused (503).
     */
    static boolean nothingDone(Throwable e) {
        if (e instanceof UnavailableException || e instanceof OverloadedException) return true;
        return every(e, t -> nothingDone(t) || notSent(t));
    }

    /** Whether the request reached no node at all (no connection at that moment): sending it again is safe. */
    static boolean notSent(Throwable e) {
        if (e instanceof NodeUnavailableException || e instanceof BusyConnectionException || e instanceof ConnectionInitException) return true;
        return every(e, CassandraErrors::notSent);
    }

    /**
     * Whether a request may have been carried out though it failed: a timeout (a CAS whose proposal
     * some replicas may hold included) or a connection lost with the request in flight.
     */
    static boolean outcomeUnknown(Throwable e) {
        if (e instanceof QueryConsistencyException || e instanceof DriverTimeoutException || connectionLost(e)) return true;
        if (!(e instanceof AllNodesFailedException all)) return false;
        for (List<Throwable> errors : all.getAllErrors().values()) {
            for (Throwable t : errors) if (outcomeUnknown(t)) return true;
        }
        return false;
    }

    /**
     * Whether the connection the request went out on broke before its answer came (a node going
     * down, or closing connections): an idempotent request may be sent again.
     */
    static boolean connectionLost(Throwable e) {
        if (e instanceof ClosedConnectionException || e instanceof HeartbeatException
                || e instanceof java.nio.channels.ClosedChannelException) return true;
        return every(e, t -> connectionLost(t) || notSent(t));
    }

    /** An AllNodesFailedException all of whose errors pass {@code test} (one with none reached no node). */
    private static boolean every(Throwable e, java.util.function.Predicate<Throwable> test) {
        if (!(e instanceof AllNodesFailedException all)) return false;
        for (List<Throwable> errors : all.getAllErrors().values()) {
            for (Throwable t : errors) if (!test.test(t)) return false;
        }
        return true;
    }
}
