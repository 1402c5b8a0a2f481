package io.basalt.server.http;

import java.util.concurrent.ThreadLocalRandom;

/** Request ids in the service's shape: 52 upper-case alphanumerics. */
public final class RequestIds {
    private static final char[] ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

    private RequestIds() {}

    public static String next() {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        char[] c = new char[52];
        for (int i = 0; i < c.length; i++) c[i] = ALPHABET[r.nextInt(ALPHABET.length)];
        return new String(c);
    }
}
