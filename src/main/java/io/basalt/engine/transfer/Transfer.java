package io.basalt.engine.transfer;

/** An export or an import, as its registry needs to find and list it. */
public interface Transfer {
    String arn();

    String account();

    String clientToken();

    String tableArn();

    long startMillis();

    /** IN_PROGRESS, COMPLETED or FAILED. */
    String status();
}
