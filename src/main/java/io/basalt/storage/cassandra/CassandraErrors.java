package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.OverloadedException;
import com.datastax.oss.driver.api.core.servererrors.QueryConsistencyException;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cassandra's failures as the service's errors (docs/scale-out.md, "Backpressure"). Nothing was done
 * (too few replicas alive, coordinator overloaded, no node reachable): ServiceUnavailable, 503, the
 * service's "unavailable or busy". A timeout or replica failure (a write's outcome is then unknown):
 * InternalServerError, 500, as the service answers when it cannot tell. Both are retryable: a retried
 * write is a new compare-and-set on the item's version, so it never applies twice.
 */
final class CassandraErrors {
    private static final Logger LOG = LoggerFactory.getLogger(CassandraErrors.class);
    static final String UNAVAILABLE = "The service is currently unavailable or busy.";

    private CassandraErrors() {}

    static RuntimeException map(DriverException e) {
        if (e instanceof UnavailableException || e instanceof OverloadedException || e instanceof AllNodesFailedException) {
            LOG.warn("Cassandra cannot take the request: {}", e.getMessage());
            return new DynamoException(ErrorType.SERVICE_UNAVAILABLE, UNAVAILABLE);
        }
        if (e instanceof QueryConsistencyException || e instanceof DriverTimeoutException) {
            LOG.warn("Cassandra did not answer in time: {}", e.getMessage());
            return new DynamoException(ErrorType.INTERNAL_SERVER_ERROR, "Internal server error");
        }
        return e;
    }
}
