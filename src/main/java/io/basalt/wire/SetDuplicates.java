package io.basalt.wire;

import io.basalt.error.DynamoException;
import io.basalt.error.ValidationFamily;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The service's words for a string or binary set with a repeated member, in its two value layers (live
 * 2026-10-09 in four regions, paritysuite tests/tier3/error-messages/valueLayers):
 * <ul>
 * <li>current layer: the members quoted, in byte order up to the first repeat, then the repeat, then the
 *     rest as sent (as if a sorted set was filled until the first add failed):
 *     {@code Input collection ["a", "b", "b"] contains duplicates.},
 *     {@code Input collection ["AA==","/w==","AA=="]of type BS contains duplicates.};</li>
 * <li>older layer (BatchWriteItem): the members as sent, unquoted, {@code ", "} apart:
 *     {@code Input collection [b, a, b] contains duplicates.}, {@code [/w==, AA==, AA==]of type BS}.</li>
 * </ul>
 * A number set names no members: {@code Input collection contains duplicates.} (current), and the older
 * layer drops the prefix and the full stop: {@code Input collection contains duplicates}.
 */
final class SetDuplicates<T> {
    private static final String INVALID = "One or more parameter values were invalid: ";

    /** String members compare by their UTF-8 bytes (the service's byte order). */
    static final SetDuplicates<String> STRINGS = new SetDuplicates<>(
            Comparator.comparing((String m) -> m.getBytes(StandardCharsets.UTF_8), Arrays::compareUnsigned),
            m -> m, ", ", " contains duplicates.");

    /** Binary members compare as unsigned bytes (0x00 before 0xFF) and are shown in base64. */
    static final SetDuplicates<byte[]> BINARIES = new SetDuplicates<>(
            Arrays::compareUnsigned, m -> Base64.getEncoder().encodeToString(m), ",", "of type BS contains duplicates.");

    private final Comparator<T> order;
    private final Function<T, String> shown;
    private final String quotedSeparator;
    private final String ending;

    private SetDuplicates(Comparator<T> order, Function<T, String> shown, String quotedSeparator, String ending) {
        this.order = order;
        this.shown = shown;
        this.quotedSeparator = quotedSeparator;
        this.ending = ending;
    }

    /** The current layer's error, or null when no member repeats. */
    DynamoException currentLayer(List<T> members) {
        TreeSet<T> seen = new TreeSet<>(order);
        for (int i = 0; i < members.size(); i++) {
            if (seen.add(members.get(i))) continue;
            List<T> listed = new ArrayList<>(seen);
            listed.addAll(members.subList(i, members.size()));
            StringBuilder sb = new StringBuilder("[");
            for (int j = 0; j < listed.size(); j++) {
                if (j > 0) sb.append(quotedSeparator);
                sb.append('"').append(shown.apply(listed.get(j))).append('"');
            }
            return error(INVALID + "Input collection " + sb.append(']') + ending);
        }
        return null;
    }

    /** The older layer's error, or null when no member repeats. */
    DynamoException olderLayer(List<T> members) {
        TreeSet<T> distinct = new TreeSet<>(order);
        distinct.addAll(members);
        if (distinct.size() == members.size()) return null;
        List<String> listed = new ArrayList<>(members.size());
        for (T m : members) listed.add(shown.apply(m));
        return error(INVALID + "Input collection [" + String.join(", ", listed) + "]" + ending);
    }

    /** A number set with a repeated member (equal by value). */
    static DynamoException numbers(boolean olderLayer) {
        return error(olderLayer ? "Input collection contains duplicates" : INVALID + "Input collection contains duplicates.");
    }

    private static DynamoException error(String message) {
        return DynamoException.validation(ValidationFamily.ATTRIBUTE_VALUE, message);
    }
}
