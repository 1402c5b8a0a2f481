package io.basalt.differential;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Replays one generated sequence against Basalt and a {@link Reference}, compares every answer
 * ({@link AnswerComparator}), settles each difference against the {@link KnownDifferences} and
 * hands the outcome to the {@link DifferenceReport}; optionally records the expected answers (the
 * reference's, or Basalt's where a deliberate entry says Basalt gives the service's answer or an
 * unsettled entry keeps Basalt's answer as a snapshot).
 */
final class DifferentialRun {
    /** Figures of a run. */
    record Outcome(int requests, int identical, int known, int unknown) {}

    private final WireClient basalt;
    private final Bindings basaltBindings = new Bindings();
    private final Reference reference;
    private final KnownDifferences known;
    private final DifferenceReport report;
    private Writer recording;

    DifferentialRun(WireClient basalt, Reference reference, KnownDifferences known, DifferenceReport report) {
        this.basalt = basalt;
        this.reference = reference;
        this.known = known;
        this.report = report;
    }

    /** Writes the expected answers to this file while running. */
    DifferentialRun recordTo(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        recording = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return this;
    }

    Outcome run(Iterator<GeneratedRequest> requests, long deadlineNanos, int maxRequests) throws IOException {
        int n = 0, identical = 0, knownCount = 0, unknown = 0;
        try {
            while (requests.hasNext() && n < maxRequests && System.nanoTime() < deadlineNanos) {
                GeneratedRequest request = requests.next();
                Answer.Raw raw = basalt.send(request.target(), basaltBindings.fill(request.body()));
                basaltBindings.learn(request, raw);
                Answer b = Answer.of(raw);
                Answer r = reference.answer(request);
                n++;
                List<AnswerComparator.Difference> diffs = AnswerComparator.compare(request, b, r);
                Set<KnownDifferences.Entry> matched = new LinkedHashSet<>();
                List<AnswerComparator.Difference> unmatched = new ArrayList<>();
                for (AnswerComparator.Difference d : diffs) {
                    KnownDifferences.Entry e = known.match(request, d, b, r, !reference.unsettledApply(request));
                    if (e == null) unmatched.add(d);
                    else matched.add(e);
                }
                if (diffs.isEmpty()) identical++;
                else if (unmatched.isEmpty()) knownCount++;
                else unknown++;
                report.add(request, b, r, diffs, matched, unmatched);
                if (recording != null) record(request, b, r, matched, unmatched);
            }
        } finally {
            if (recording != null) recording.close();
        }
        return new Outcome(n, identical, knownCount, unknown);
    }

    private void record(GeneratedRequest request, Answer b, Answer r, Set<KnownDifferences.Entry> matched,
                        List<AnswerComparator.Difference> unmatched) throws IOException {
        boolean basaltIsService = !matched.isEmpty() && unmatched.isEmpty()
                && matched.stream().allMatch(e -> e.deliberate() || e.unsettled());
        Answer expected = basaltIsService ? b : r;
        recording.write(Json.write(Json.obj("index", request.index(), "operation", request.operation(),
                "digest", request.digest(), "expected", basaltIsService ? "basalt" : "reference", "answer", expected.toJson())));
        recording.write('\n');
    }
}
