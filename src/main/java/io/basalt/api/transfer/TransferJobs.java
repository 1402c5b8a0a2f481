package io.basalt.api.transfer;

import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs exports and imports in the background, one daemon thread each (they are few and long), so
 * the request answers IN_PROGRESS at once as the service's does, and a large transfer never holds
 * a request open past a client's timeout.
 */
final class TransferJobs {
    private static final Logger LOG = LoggerFactory.getLogger(TransferJobs.class);

    private TransferJobs() {}

    /**
     * The instance's object store as a transfer of the caller uses it: every S3 request allowed by
     * the caller's identity policies first, buckets of the caller's account only (a local store) or
     * the caller's own S3 credentials (an endpoint), and {@code expectedOwner} (S3BucketOwner) checked.
     */
    static io.basalt.engine.transfer.ObjectStore actingFor(io.basalt.engine.transfer.ObjectStore store,
                                                           io.basalt.api.RequestContext ctx, String expectedOwner) {
        io.basalt.engine.transfer.ObjectAccess access = ctx.objectAccess();
        return new io.basalt.engine.transfer.AuthorizedObjectStore(store, access)
                .actingFor(new io.basalt.engine.transfer.ObjectStore.Caller(ctx.accountId(), expectedOwner, access.credentials()));
    }

    /** Starts {@code job}; an unexpected failure is logged and handed to {@code failed} (its message). */
    static void start(String name, Runnable job, Consumer<String> failed) {
        Thread.ofPlatform().daemon().name(name).start(() -> {
            try {
                job.run();
            } catch (RuntimeException | Error e) {
                LOG.warn("{} failed", name, e);
                try {
                    failed.accept(String.valueOf(e.getMessage()));
                } catch (RuntimeException ignored) {
                    // the store is closing: the record stays IN_PROGRESS and is failed at the next start
                }
            }
        });
    }
}
