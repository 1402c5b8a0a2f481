package io.basalt.differential;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One endpoint's answer to one request, normalised for comparison: HTTP status, the error's
 * {@code __type} after '#', its message with request ids, timestamps, UUIDs and the account and
 * region of ARNs replaced, and a success body without the fields that differ by instance and time
 * (creation times, table ids, sizes, stream labels, sequence numbers, iterators).
 */
public record Answer(int status, String type, String message, Object body) {
    /** What came over the wire. */
    public record Raw(int status, String body) {}

    private static final Set<String> VOLATILE = Set.of(
            "CreationDateTime", "LastIncreaseDateTime", "LastDecreaseDateTime", "NumberOfDecreasesToday",
            "TableId", "TableSizeBytes", "IndexSizeBytes", "ItemCount", "LatestStreamLabel",
            "ApproximateCreationDateTime", "SequenceNumber", "StartingSequenceNumber", "EndingSequenceNumber",
            "ShardIterator", "NextShardIterator", "ShardId", "ParentShardId", "eventID", "LastUpdateDateTime",
            "StreamLabel", "InaccessibleEncryptionDateTime", "RequestId", "ArchivalDateTime", "CreationRequestDateTime");
    /** Times whose presence matters but whose value cannot match. */
    private static final Set<String> PRESENCE_ONLY = Set.of("LastUpdateToPayPerRequestDateTime");
    private static final Pattern UUID = Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern ARN = Pattern.compile("arn:aws:dynamodb:[a-z0-9-]*:[0-9a-z]*:");
    private static final Pattern STREAM_LABEL = Pattern.compile("/stream/[0-9T:.\\-Z]+");
    private static final Pattern ISO_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z?");

    static Answer of(Raw raw) {
        Object parsed = Json.parse(raw.body());
        if (raw.status() == 200) return new Answer(200, null, null, normaliseTree(parsed));
        String type = null, message = null;
        if (parsed instanceof Map<?, ?> m) {
            Object t = m.get("__type");
            if (t != null) {
                String s = t.toString();
                type = s.substring(s.lastIndexOf('#') + 1);
            }
            Object msg = m.containsKey("message") ? m.get("message") : m.get("Message");
            message = msg == null ? null : normaliseText(msg.toString());
            Object reasons = m.get("CancellationReasons");
            if (reasons != null) return new Answer(raw.status(), type, message, Json.obj("CancellationReasons", normaliseTree(reasons)));
        } else if (raw.status() == 0) {
            message = raw.body();
        }
        return new Answer(raw.status(), type, message, null);
    }

    static String normaliseText(String s) {
        s = ARN.matcher(s).replaceAll("arn:aws:dynamodb:REGION:ACCOUNT:");
        s = STREAM_LABEL.matcher(s).replaceAll("/stream/LABEL");
        s = UUID.matcher(s).replaceAll("UUID");
        return ISO_TIME.matcher(s).replaceAll("TIME");
    }

    @SuppressWarnings("unchecked")
    private static Object normaliseTree(Object o) {
        if (o instanceof Map<?, ?> m) {
            Map<String, Object> out = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : ((Map<String, Object>) m).entrySet()) {
                if (VOLATILE.contains(e.getKey())) continue;
                if (PRESENCE_ONLY.contains(e.getKey())) {
                    out.put(e.getKey(), "(present)");
                    continue;
                }
                out.put(e.getKey(), normaliseTree(e.getValue()));
            }
            return out;
        }
        if (o instanceof List<?> l) {
            List<Object> out = new ArrayList<>();
            for (Object x : l) out.add(normaliseTree(x));
            return out;
        }
        if (o instanceof String s && s.startsWith("arn:")) return normaliseText(s);
        return o;
    }

    /** The answer as one JSON object (recorded files, reports). */
    Map<String, Object> toJson() {
        return Json.obj("status", status, "type", type, "message", message, "body", body);
    }

    @SuppressWarnings("unchecked")
    static Answer fromJson(Map<String, Object> m) {
        return new Answer(((Number) m.get("status")).intValue(), (String) m.get("type"), (String) m.get("message"),
                m.get("body"));
    }

    /** "400 ValidationException: message" or "200". */
    String summary() {
        return status == 200 ? "200" : status + " " + type + ": " + message;
    }
}
