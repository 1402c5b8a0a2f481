package io.basalt.differential;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The other side of the comparison: a live endpoint, or the answers recorded from one. */
interface Reference {
    Answer answer(GeneratedRequest request);

    /**
     * Whether unsettled known entries apply to this request's differences: always against a live
     * endpoint; against a recording only where it holds the reference's answer (elsewhere it holds
     * Basalt's own answer as a snapshot, and any difference is a change).
     */
    default boolean unsettledApply(GeneratedRequest request) {
        return true;
    }

    /** A live endpoint (DynamoDB Local), with its own stream ARNs and iterators. */
    static Reference live(WireClient client) {
        Bindings bindings = new Bindings();
        return request -> {
            Answer.Raw raw = client.send(request.target(), bindings.fill(request.body()));
            bindings.learn(request, raw);
            return Answer.of(raw);
        };
    }

    /**
     * Recorded answers (one JSON object a line: index, digest, answer), for the sequence of one seed;
     * a request whose digest differs from the recorded one means the generator changed since the
     * recording, which fails the run with the command that records again.
     */
    @SuppressWarnings("unchecked")
    static Reference recorded(InputStream in) throws IOException {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) lines.add(Json.parseObject(line));
        }
        return new Reference() {
            @Override
            public boolean unsettledApply(GeneratedRequest request) {
                return request.index() < lines.size() && !"basalt".equals(lines.get(request.index()).get("expected"));
            }

            @Override
            public Answer answer(GeneratedRequest request) {
            if (request.index() >= lines.size())
                throw new IllegalStateException("no recorded answer for request " + request.index() + ": record again (docs/differential.md)");
            Map<String, Object> line = lines.get(request.index());
            if (!request.digest().equals(line.get("digest")))
                throw new IllegalStateException("request " + request.index() + " is not the recorded one (the generator changed): "
                        + "record again (docs/differential.md)");
            return Answer.fromJson((Map<String, Object>) line.get("answer"));
            }
        };
    }
}
