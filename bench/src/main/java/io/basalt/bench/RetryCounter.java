package io.basalt.bench;

import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Counts the SDK's retries: every HTTP attempt passes {@code beforeTransmission}, every API call passes
 * {@code beforeExecution} once, so retries = attempts - calls.
 */
final class RetryCounter implements ExecutionInterceptor {
    private final LongAdder calls = new LongAdder();
    private final LongAdder attempts = new LongAdder();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        calls.increment();
    }

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        attempts.increment();
    }

    /** Retries so far (a running total; subtract two readings for an interval). */
    long retries() {
        long a = attempts.sum();
        long c = calls.sum();
        return Math.max(0, a - c);
    }
}
