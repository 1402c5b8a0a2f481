package io.basalt.bench;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** Names an operation's failure the way the results count it: the service's error code when there is one. */
final class ErrorCodes {
    private ErrorCodes() {}

    static String of(Throwable t) {
        if (t instanceof TransactionCanceledException tce && tce.hasCancellationReasons()) {
            StringBuilder sb = new StringBuilder("TransactionCanceledException[");
            boolean first = true;
            for (CancellationReason r : tce.cancellationReasons()) {
                if (r.code() == null || r.code().equals("None")) continue;
                if (!first) sb.append(',');
                sb.append(r.code());
                first = false;
            }
            return sb.append(']').toString();
        }
        if (t instanceof AwsServiceException ase) {
            if (ase.awsErrorDetails() != null && ase.awsErrorDetails().errorCode() != null) {
                return ase.awsErrorDetails().errorCode();
            }
            return "HTTP " + ase.statusCode();
        }
        if (t instanceof SdkClientException) {
            Throwable root = t;
            while (root.getCause() != null && root.getCause() != root) root = root.getCause();
            return "client:" + root.getClass().getSimpleName();
        }
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ":" + t.getMessage());
    }
}
