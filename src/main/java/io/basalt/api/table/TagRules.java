package io.basalt.api.table;

import io.basalt.error.DynamoException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Tag validation with the service's own texts (ack-api-quirks DDB-TABLE-105..110, 372, 457; lab runs
 * 2026-10-08/09): each tag is checked in request order, key before value, the whole request fails on
 * the first bad tag and nothing is applied.
 */
final class TagRules {
    static final int MAX_TAGS = io.basalt.model.ServiceLimits.TAGS;
    /** The aggregate size of a table's tag set (keys and values, UTF-8 bytes) after a TagResource. */
    static final int MAX_TAG_SET_BYTES = 10240;
    static final String TOO_MANY = "Number of Tags exceed the current limit for the provided ResourceArn";
    /** The AWS tag character set: letters and digits of any script, spaces, and + - = . _ : / @. */
    private static final Pattern CHARSET = Pattern.compile("[\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*");

    private TagRules() {}

    /**
     * Validates tags given at CreateTable ({@code emptyAllowed}: an empty list creates an untagged table)
     * or TagResource; returns them as an ordered map (null if none were sent).
     */
    static Map<String, String> validateNew(List<TableJson.Tag> tags, boolean emptyAllowed) {
        if (tags == null) return null;
        if (tags.isEmpty() && !emptyAllowed) throw DynamoException.validation("Atleast one Tag needs to be provided as Input.");
        if (tags.size() > MAX_TAGS) throw DynamoException.validation(TOO_MANY);
        Map<String, String> out = new LinkedHashMap<>();
        for (TableJson.Tag t : tags) {
            checkKey(t.key());
            if (t.value() == null || t.value().length() > 256 || !CHARSET.matcher(t.value()).matches()) {
                throw DynamoException.validation("The Tag Value provided is invalid, Value: " + t.value());
            }
            if (out.put(t.key(), t.value()) != null) {
                throw DynamoException.validation("Duplicate Tag Keys provided as input: Duplicate Tag Key found " + t.key());
            }
        }
        return out;
    }

    /** UntagResource's keys: the same key rules, at least one and at most 50 of them. */
    static void validateKeys(List<String> keys) {
        if (keys.isEmpty()) throw DynamoException.validation("Atleast one Tag Key needs to be provided as Input.");
        if (keys.size() > MAX_TAGS) throw DynamoException.validation(TOO_MANY);
        keys.forEach(TagRules::checkKey);
    }

    private static void checkKey(String key) {
        if (key == null || key.isEmpty() || key.length() > 128 || !CHARSET.matcher(key).matches()) {
            throw DynamoException.validation("The Tag Key provided is invalid, Key: " + key);
        }
        if (key.toLowerCase(Locale.ROOT).startsWith("aws:")) {
            throw DynamoException.validation("Tag Key cannot be prefixed with aws:, Key: " + key);
        }
    }

    /** The limits on a table's whole tag set once a TagResource is merged in. */
    static void checkSet(Map<String, String> tags) {
        if (tags.size() > MAX_TAGS) throw DynamoException.validation(TOO_MANY);
        int bytes = size(tags.keySet()) + size(tags.values());
        if (bytes > MAX_TAG_SET_BYTES) {
            throw DynamoException.validation("Tag set size " + bytes + " bytes is above max size limit of "
                    + MAX_TAG_SET_BYTES + " bytes");
        }
    }

    private static int size(Collection<String> texts) {
        int n = 0;
        for (String s : texts) n += s.getBytes(StandardCharsets.UTF_8).length;
        return n;
    }
}
