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
