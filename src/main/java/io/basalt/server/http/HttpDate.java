package io.basalt.server.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The Date header's value (IMF-fixdate, RFC 9110: {@code Sun, 06 Nov 1994 08:49:37 GMT}), formatted
 * once per second rather than per response (formatting was ~1% of a request's CPU).
 */
final class HttpDate {
    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    private record Stamp(long second, String text) {}

    private static volatile Stamp last = new Stamp(Long.MIN_VALUE, "");

    private HttpDate() {}

    static String now() {
        return at(System.currentTimeMillis());
    }

    static String at(long epochMillis) {
        long second = Math.floorDiv(epochMillis, 1000);
        Stamp s = last;
        if (s.second != second) {
            s = new Stamp(second, IMF_FIXDATE.format(Instant.ofEpochSecond(second)));
            last = s;
        }
        return s.text;
    }
}
