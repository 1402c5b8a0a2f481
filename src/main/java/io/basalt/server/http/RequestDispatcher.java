package io.basalt.server.http;

import io.basalt.wire.Json;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.api.Operation;
import io.basalt.api.OperationRegistry;
import io.basalt.api.RequestContext;
import io.basalt.api.RequestTrace;
import io.basalt.engine.metrics.RequestMetrics;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.wire.JsonIn;
import io.basalt.eventloop.MemoryOnlyReads;
import io.basalt.eventloop.ReadWouldBlock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns one request (headers, body) into a response body and status, independent of Netty so it can
 * be tested and reused by other transports.
 *
 * <p>The service's order of checks: the body must be well-formed JSON; then the target must name an
 * operation (UnknownOperationException); then the request must be signed (MissingAuthenticationToken,
 * IncompleteSignature, ...); then an empty body is a SerializationException; then every member must
 * have its type (SerializationException with a Message); then values are validated. A malformed body
 * wins over all other errors, so it is looked for whenever another error is found first.
 */
public final class RequestDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);
    public static final String TARGET_PREFIX = "DynamoDB_20120810.";
    public static final String STREAMS_TARGET_PREFIX = "DynamoDBStreams_20120810.";
    /** Basalt's own operations (the console's capacity view). */
    public static final String EXTENSION_TARGET_PREFIX = io.basalt.api.activity.DescribeTableActivity.TARGET_PREFIX;

    /** A request body that can be read more than once. */
    public interface Body {
        int length();

        InputStream open();

        static Body of(byte[] bytes) {
            return new Body() {
                @Override public int length() { return bytes.length; }
                @Override public InputStream open() { return new ByteArrayInputStream(bytes); }
            };
        }
    }

    private final Function<String, Operation<?>> operations;
    private final Function<String, Operation<?>> streamOperations;
    private Function<String, Operation<?>> extensions = name -> null;
    private final RequestMetrics metrics;
    /** Run after every response has left its buffer (the engine frees a large response's slot). */
    private Runnable afterResponse = () -> { };
    private volatile io.basalt.server.auth.Authenticator authenticator = io.basalt.server.auth.Authenticator.ANY_SIGNATURE;

    public RequestDispatcher(OperationRegistry operations) {
        this(operations, null);
    }

    /** A dispatcher that records request counts and latencies per operation in {@code metrics}. */
    public RequestDispatcher(OperationRegistry operations, RequestMetrics metrics) {
        this(operations::find, operations::findStream, metrics);
        this.afterResponse = operations::afterResponse;
        this.extensions = operations::findExtension;
    }

    /** A dispatcher over any set of operations (tests, other front ends): name to operation, null if unknown. */
    public RequestDispatcher(Function<String, Operation<?>> operations) {
        this(operations, name -> null, null);
    }

    /** A dispatcher with DynamoDB operations and DynamoDB Streams operations (DynamoDBStreams_20120810.*). */
    public RequestDispatcher(Function<String, Operation<?>> operations, Function<String, Operation<?>> streamOperations) {
        this(operations, streamOperations, null);
    }

    private RequestDispatcher(Function<String, Operation<?>> operations, Function<String, Operation<?>> streamOperations,
                              RequestMetrics metrics) {
        this.streamOperations = streamOperations;
        this.operations = operations;
        this.metrics = metrics;
    }

    private volatile io.basalt.server.auth.AccessLog accessLog;

    /** Logs every request to this access log (null: none). */
    public RequestDispatcher accessLog(io.basalt.server.auth.AccessLog log) {
        this.accessLog = log;
        return this;
    }

    /** Runs {@code hook} after every response has left its buffer (other front ends, tests). */
    public RequestDispatcher afterResponse(Runnable hook) {
        this.afterResponse = hook;
        return this;
    }

    private volatile io.basalt.server.auth.Authorizer authorizer;
    private io.basalt.model.Namespaces namespaces = io.basalt.model.Namespaces.SEPARATE;

    /** How accounts and regions map to table namespaces (regions apart by default, as the service). */
    public RequestDispatcher namespaces(io.basalt.model.Namespaces n) {
        this.namespaces = n;
        return this;
    }

    /** Evaluates policies before every operation (null: every authenticated caller may do everything). */
    public RequestDispatcher authorizer(io.basalt.server.auth.Authorizer a) {
        this.authorizer = a;
        return this;
    }

    /** Sets who may send requests (default: any well-formed signature). */
    public RequestDispatcher authenticator(io.basalt.server.auth.Authenticator a) {
        this.authenticator = a;
        return this;
    }

    /** Returned by {@link #dispatchInline} when the request needs a worker thread. */
    public static final int NEEDS_WORKER = -1;

    private final ConcurrentHashMap<Operation<?>, InlineGate> gates = new ConcurrentHashMap<>();

    /**
     * Whether to try a request with this X-Amz-Target through {@link #dispatchInline}: its operation
     * allows it and recent attempts were mostly answered from memory ({@link InlineGate}).
     */
    public boolean tryInline(String target) {
        Operation<?> op = operation(target);
        return op != null && op.inlineable() && gate(op).shouldTry();
    }

    private InlineGate gate(Operation<?> op) {
        InlineGate g = gates.get(op);
        return g != null ? g : gates.computeIfAbsent(op, o -> new InlineGate());
    }

    /**
     * Tries the request on the calling (network) thread with memory-only reads: the HTTP status when
     * answered (the body written to {@code out}), or {@link #NEEDS_WORKER} when a read needed the
     * disk, in which case nothing was written and nothing was recorded, and the request must go to
     * {@link #dispatch} on a worker.
     */
    public int dispatchInline(DynamoRequest request, Body body, OutputStream out, String requestId) throws IOException {
        Operation<?> op = operation(request.target());
        InlineGate gate = op == null ? null : gates.get(op);
        try {
            int status = MemoryOnlyReads.run(() -> dispatch(request, body, out, requestId));
            if (gate != null) gate.answered();
            return status;
        } catch (ReadWouldBlock needsDisk) {
            if (gate != null) gate.neededWorker();
            return NEEDS_WORKER;
        }
    }

    /** The outcome: HTTP status; the body has been written to {@code out}. */
    public int dispatch(DynamoRequest request, Body body, OutputStream out, String requestId) throws IOException {
        io.basalt.server.auth.AccessLog log = accessLog;
        if (log == null) return answer(request, body, out, requestId, null);
        long started = System.nanoTime();
        Caller caller = new Caller();
        int status = 500;
        try {
            status = answer(request, body, out, requestId, caller);
            return status;
        } catch (ReadWouldBlock retriedOnAWorker) {
            caller.retried = true;
            throw retriedOnAWorker;
        } finally {
            if (!caller.retried) logAccess(log, request, body, requestId, caller, status, started);
        }
    }

    /** What the access log needs to know of a request, found while answering it. */
    private static final class Caller {
        io.basalt.server.auth.Principal principal;
        String region = SigV4Header.DEFAULT_REGION;
        String errorType;
        boolean retried;
    }

    private void logAccess(io.basalt.server.auth.AccessLog log, DynamoRequest request, Body body, String requestId, Caller caller,
                           int status, long started) {
        Operation<?> op = operation(request.target());
        String name = op != null ? op.name() : request.target();
        String account = caller.principal != null ? caller.principal.accountId() : io.basalt.server.auth.Principal.DEFAULT_ACCOUNT;
        java.util.List<io.basalt.server.auth.RequestResources.Access> resources;
        try {
            resources = op == null ? java.util.List.of() : io.basalt.server.auth.RequestResources.of(op.name(), caller.region, account, body.open());
        } catch (DynamoException refused) { // a name or ARN the operation refused: it names nothing
            resources = java.util.List.of();
        }
        log.record(new io.basalt.server.auth.AccessLog.Entry(java.time.Instant.now(), requestId, caller.principal, name, resources,
                status, caller.errorType, (System.nanoTime() - started) / 1000));
    }

    private int answer(DynamoRequest request, Body body, OutputStream out, String requestId, Caller caller) throws IOException {
        try {
            Operation<?> op = operation(request.target());
            SigV4Header auth;
            io.basalt.server.auth.Principal principal;
            try {
                if (op == null) throw new DynamoException(ErrorType.UNKNOWN_OPERATION, null);
                auth = SigV4Header.check(request);
                if (caller != null) caller.region = auth.region();
                principal = authenticator.authenticate(auth.accessKeyId(), request.parts());
                if (caller != null) caller.principal = principal;
            } catch (DynamoException headerError) {
                if (!wellFormed(body)) throw malformed();
                throw headerError;
            }
            if (body.length() == 0) throw malformed();
            io.basalt.server.auth.Authorizer authz = authorizer;
            if (authz != null) {
                try {
                    authz.authorize(principal, op.name(), auth.region(), body::open, request.parts());
                } catch (DynamoException denied) {
                    if (!wellFormed(body)) throw malformed();
                    throw denied;
                }
            }
            RequestTrace trace = new RequestTrace();
            RequestContext ctx = new RequestContext(requestId, auth.region(), auth.accessKeyId(), principal.accountId(), namespaces, trace,
                    authz == null ? io.basalt.engine.transfer.ObjectAccess.ANYTHING : authz.objectAccess(principal, request.parts()));
            long started = System.nanoTime();
            int status;
            try {
                status = run(op, ctx, body, out);
            } catch (ReadWouldBlock retriedOnAWorker) {
                throw retriedOnAWorker;
            } catch (Throwable e) {
                timed(op, trace, false, started);
                throw e;
            }
            timed(op, trace, true, started);
            return status;
        } catch (DynamoException e) {
            if (caller != null) caller.errorType = e.type().wireType().substring(e.type().wireType().indexOf('#') + 1);
            if (e.getCause() != null && LOG.isDebugEnabled()) { // a store's failure: where it struck, for operators
                LOG.debug("{} answered {} (request id {})", request.target(), e.type().httpStatus(), requestId, e.getCause());
            }
            ErrorResponses.write(e, out);
            return e.type().httpStatus();
        }
    }

    /** Records a request's latency: the server's per operation (when metrics are on) and its table's. */
    private void timed(Operation<?> op, RequestTrace trace, boolean success, long started) {
        long nanos = System.nanoTime() - started;
        if (metrics != null) metrics.record(op.name(), success, nanos);
        RequestMetrics table = trace.tableLatency();
        if (table != null) table.record(op.name(), success, nanos);
    }

    private Operation<?> operation(String target) {
        if (target == null) return null;
        if (target.startsWith(TARGET_PREFIX)) return operations.apply(target.substring(TARGET_PREFIX.length()));
        if (target.startsWith(STREAMS_TARGET_PREFIX)) return streamOperations.apply(target.substring(STREAMS_TARGET_PREFIX.length()));
        if (target.startsWith(EXTENSION_TARGET_PREFIX)) return extensions.apply(target.substring(EXTENSION_TARGET_PREFIX.length()));
        return null;
    }

    private <Q> int run(Operation<Q> op, RequestContext ctx, Body body, OutputStream out) throws IOException {
        try {
            return parseAndExecute(op, ctx, body, out);
        } catch (DynamoException e) {
            throw io.basalt.error.ValidationEnvelope.apply(e, op.envelopedFamilies()); // the one place the 2026 envelope is applied
        }
    }

    private <Q> int parseAndExecute(Operation<Q> op, RequestContext ctx, Body body, OutputStream out) throws IOException {
        Q request = parse(op, body);
        ResponseBuffer buffer = RESPONSE_BUFFER.get(); // empty: every use ends with reset()
        try {
            try (JsonGenerator g = Json.FACTORY.createGenerator(buffer)) {
                op.execute(ctx, request, g);
            } catch (DynamoException | ReadWouldBlock e) {
                throw e;
            } catch (RuntimeException | StackOverflowError e) {
                LOG.error("Internal error in {} (request id {})", op.name(), ctx.requestId(), e);
                throw new DynamoException(ErrorType.INTERNAL_SERVER_ERROR, "Internal server error");
            }
            buffer.writeTo(out);
            return 200;
        } finally {
            // a large response has left this thread's buffer (or failed): its slot is free again
            buffer.reset();
            afterResponse.run();
        }
    }

    private static final ThreadLocal<ResponseBuffer> RESPONSE_BUFFER = ThreadLocal.withInitial(ResponseBuffer::new);

    private static <Q> Q parse(Operation<Q> op, Body body) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(body.open())) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw malformed();
            JsonIn.beginRequest(p, op.name());
            Q request;
            try {
                request = op.parse(p);
            } catch (DynamoException typeOrValueError) {
                if (!restWellFormed(p)) throw malformed();
                throw typeOrValueError;
            }
            if (p.nextToken() != null) throw malformed();
            return request;
        } catch (JsonProcessingException | java.io.CharConversionException e) { // not JSON, or not in a Unicode encoding
            throw malformed();
        }
    }

    /** True for an empty body or exactly one well-formed JSON value. */
    private static boolean wellFormed(Body body) throws IOException {
        if (body.length() == 0) return true;
        try (JsonParser p = Json.FACTORY.createParser(body.open())) {
            if (p.nextToken() == null) return false;
            return restWellFormed(p);
        } catch (JsonProcessingException | java.io.CharConversionException e) { // not JSON, or not in a Unicode encoding
            return false;
        }
    }

    /** Reads the rest of a body whose first value has begun: true if it completes with nothing after it. */
    private static boolean restWellFormed(JsonParser p) throws IOException {
        try {
            while (p.getParsingContext().getParent() != null || p.currentToken().isStructStart()) {
                JsonToken t = p.nextToken();
                if (t == null) return false;
                if (p.getParsingContext().inRoot()) break; // the first value has just ended
            }
            return p.nextToken() == null;
        } catch (JsonProcessingException | java.io.CharConversionException e) { // not JSON, or not in a Unicode encoding
            return false;
        }
    }

    private static DynamoException malformed() {
        return new DynamoException(ErrorType.SERIALIZATION, null);
    }
}
