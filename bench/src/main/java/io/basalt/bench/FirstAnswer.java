package io.basalt.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * Waits for a server's first answered request: a raw HTTP/1.1 ListTables (with a well-formed but unchecked
 * SigV4 header) every few milliseconds. Raw sockets keep the probe's own cost tiny and constant, which an
 * SDK client's first call (class loading, signing) would not. Any HTTP answer below 500 counts.
 */
final class FirstAnswer {
    private static final long POLL_MILLIS = 5;

    private FirstAnswer() {}

    /** Thrown when the server died or did not answer in time. */
    static final class NoAnswer extends Exception {
        NoAnswer(String message) {
            super(message);
        }
    }

    /**
     * Polls until the server answers; returns milliseconds since {@code launchedNanos} (System.nanoTime()
     * taken just before the process was launched).
     */
    static long await(int port, long launchedNanos, long timeoutMillis, BooleanSupplier alive) throws NoAnswer {
        long deadline = launchedNanos + timeoutMillis * 1_000_000L;
        String last = "no connection";
        while (System.nanoTime() < deadline) {
            try {
                int status = ask(port);
                if (status > 0 && status < 500) return (System.nanoTime() - launchedNanos) / 1_000_000L;
                last = "HTTP " + status;
            } catch (IOException e) {
                last = e.getClass().getSimpleName();
            }
            if (!alive.getAsBoolean()) throw new NoAnswer("the server process exited before answering (" + last + ")");
            CellRunner.sleepMillis(POLL_MILLIS);
        }
        throw new NoAnswer("no answer within " + timeoutMillis + " ms (last: " + last + ")");
    }

    /** Sends one ListTables; returns the HTTP status. */
    static int ask(int port) throws IOException {
        String body = "{}";
        String request = "POST / HTTP/1.1\r\n"
                + "Host: 127.0.0.1:" + port + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                + "X-Amz-Date: 20260101T000000Z\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=bench/20260101/us-east-1/dynamodb/aws4_request, "
                + "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=" + "0".repeat(64) + "\r\n"
                + "Content-Length: " + body.length() + "\r\n"
                + "Connection: close\r\n\r\n" + body;
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 500);
            s.setSoTimeout(5_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] head = new byte[64];
            int n = 0;
            while (n < 12) {
                int r = in.read(head, n, head.length - n);
                if (r < 0) break;
                n += r;
            }
            String line = new String(head, 0, n, StandardCharsets.US_ASCII);
            if (!line.startsWith("HTTP/1.") || n < 12) throw new IOException("not an HTTP answer");
            return Integer.parseInt(line.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new IOException("bad status line");
        }
    }
}
