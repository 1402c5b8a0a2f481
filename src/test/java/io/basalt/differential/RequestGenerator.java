package io.basalt.differential;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The request sequence of a seed: the same seed always gives the same requests. It runs in epochs
 * of {@link #EPOCH} requests: each epoch creates its tables (hash only with a stream, hash and
 * range, one with an LSI and two GSIs; key types drawn from S, N, B), then draws requests from the
 * families by weight, then deletes every table it may have created. Now and then a body is not
 * even valid JSON, or of the wrong shape.
 */
final class RequestGenerator implements Iterator<GeneratedRequest> {
    static final int EPOCH = 250;

    private final SplittableRandom rnd;
    private final Values v;
    private final Model model = new Model();
    private final Deque<RequestFamily.Draft> pending = new ArrayDeque<>();
    private final TableRequests tables = new TableRequests();
    private final List<RequestFamily> families = List.of(new ItemRequests(), new QueryScanRequests(),
            new LegacyRequests(), new BatchTransactRequests(), tables, new StreamRequests());
    private final int[] weights = {36, 20, 15, 14, 8, 7};
    private int index;
    private int inEpoch = EPOCH;

    RequestGenerator(long seed) {
        rnd = new SplittableRandom(seed);
        v = new Values(rnd);
    }

    @Override
    public boolean hasNext() {
        return true;
    }

    @Override
    public GeneratedRequest next() {
        if (pending.isEmpty()) {
            if (inEpoch >= EPOCH) startEpoch();
            else pending.add(draw());
            inEpoch++;
        }
        RequestFamily.Draft d = pending.poll();
        String body = d.body() instanceof String s ? s : Json.write(d.body());
        String family = d.operation();
        return new GeneratedRequest(index++, d.operation(), d.streams(), body, family);
    }

    private void startEpoch() {
        if (!model.tables.isEmpty()) {
            for (Model.Table t : model.tables) pending.add(RequestFamily.Draft.of("DeleteTable", Json.obj("TableName", t.name)));
            for (int i = 0; i < 10; i++) pending.add(RequestFamily.Draft.of("DeleteTable", Json.obj("TableName", model.name("c" + i))));
        }
        model.epoch++;
        inEpoch = 0;
        pending.addAll(tables.setup(model, v));
        for (Model.Table t : model.tables) pending.add(RequestFamily.Draft.of("DescribeTable", Json.obj("TableName", t.name)));
    }

    private RequestFamily.Draft draw() {
        if (v.chance(1)) return malformed();
        int total = 0;
        for (int w : weights) total += w;
        int r = rnd.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            if (r < weights[i]) return families.get(i).next(model, v);
            r -= weights[i];
        }
        throw new IllegalStateException();
    }

    private RequestFamily.Draft malformed() {
        Model.Table t = model.table(v);
        String op = v.pick(List.of("GetItem", "PutItem", "Query", "Scan", "UpdateItem", "DescribeTable", "BatchGetItem"));
        String body = v.pick(List.of("{", "[]", "", "null", "{\"TableName\": 5}", "{\"TableName\": \"" + t.name + "\", \"Key\": []}",
                "{\"TableName\": \"" + t.name + "\", \"Limit\": \"ten\"}", "{\"TableName\": \"" + t.name + "\", \"Key\": {\"pk\": {\"S\": 1}}}",
                "{\"TableName\": \"" + t.name + "\", \"Key\": {\"pk\": {\"S\": \"a\", \"N\": \"1\"}}}",
                "{\"TableName\": \"" + t.name + "\", \"Key\": {\"pk\": {\"Q\": \"a\"}}}",
                "{\"TableName\": \"" + t.name + "\", \"Unknown\": 1}"));
        return RequestFamily.Draft.of(op, body);
    }
}
