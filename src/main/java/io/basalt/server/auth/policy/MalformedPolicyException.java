package io.basalt.server.auth.policy;

/** A policy document that is not valid IAM policy JSON; the message says what is wrong and where. */
public final class MalformedPolicyException extends IllegalArgumentException {
    public MalformedPolicyException(String message) {
        super(message);
    }
}
