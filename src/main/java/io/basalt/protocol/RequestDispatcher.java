package io.basalt.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.api.Operation;
import io.basalt.api.OperationRegistry;
import io.basalt.api.RequestContext;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one HTTP request (target header, auth header, body) into a response body and status,
 * independent of Netty so it can be tested and reused by other transports.
 */
public final class RequestDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);
    public static final String TARGET_PREFIX = "DynamoDB_20120810.";
    public static final String STREAMS_TARGET_PREFIX = "DynamoDBStreams_20120810.";

    private final OperationRegistry operations;

    public RequestDispatcher(OperationRegistry operations) {
        this.operations = operations;
    }

    /** The outcome: HTTP status; the body has been written to the output stream. */
    public int dispatch(String target, String authorization, InputStream body, OutputStream out, String requestId)
            throws IOException {
        try {
            Operation<?> op = null;
            if (target != null && target.startsWith(TARGET_PREFIX)) {
                op = operations.find(target.substring(TARGET_PREFIX.length()));
            } else if (target != null && target.startsWith(STREAMS_TARGET_PREFIX)) {
                op = operations.findStream(target.substring(STREAMS_TARGET_PREFIX.length()));
            }
            if (op == null) {
                throw new DynamoException(ErrorType.UNKNOWN_OPERATION, null);
            }
            SigV4Header auth = SigV4Header.parse(authorization);
            if (authorization == null || authorization.isEmpty()) {
                throw new DynamoException(ErrorType.MISSING_AUTHENTICATION_TOKEN, "Request is missing Authentication Token");
            }
            String region = auth == null ? SigV4Header.DEFAULT_REGION : auth.region();
            String key = auth == null ? "" : auth.accessKeyId();
            RequestContext ctx = new RequestContext(requestId, region, key);
            return run(op, ctx, body, out);
        } catch (DynamoException e) {
            writeError(e, out);
            return e.type().httpStatus();
        }
    }

    private <Q> int run(Operation<Q> op, RequestContext ctx, InputStream body, OutputStream out) throws IOException {
        Q request;
        try (JsonParser p = Json.FACTORY.createParser(body)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                // an empty body reads as an empty request object
                try (JsonParser empty = Json.FACTORY.createParser("{}")) {
                    empty.nextToken();
                    request = op.parse(empty);
                }
            } else {
                if (first != JsonToken.START_OBJECT) {
                    throw new DynamoException(ErrorType.SERIALIZATION, null);
                }
                request = op.parse(p);
                if (p.nextToken() != null) {
                    throw new DynamoException(ErrorType.SERIALIZATION, null);
                }
            }
        } catch (JsonProcessingException e) {
            throw new DynamoException(ErrorType.SERIALIZATION, null);
        }
        ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(buffer)) {
            op.execute(ctx, request, g);
        } catch (DynamoException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.error("Internal error in {} (request id {})", op.name(), ctx.requestId(), e);
            throw new DynamoException(ErrorType.INTERNAL_SERVER_ERROR, "Internal server error");
        }
        buffer.writeTo(out);
        return 200;
    }

    /** Writes an error body exactly as the service shapes it. */
    public static void writeError(DynamoException e, OutputStream out) throws IOException {
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("__type", e.type().wireType());
            if (e.getMessage() != null) {
                g.writeStringField(e.type().messageField(), e.getMessage());
            }
            e.writeExtraFields(g);
            g.writeEndObject();
        }
    }
}
