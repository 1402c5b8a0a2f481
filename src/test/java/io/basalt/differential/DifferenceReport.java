package io.basalt.differential;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The report of a run, in a directory: differences.jsonl (one line per request that differed:
 * the request, both answers, the differences, the known entries that cover them and the verdict)
 * and summary.md (figures, the unknown differences grouped with one example each, the known entries
 * seen).
 */
final class DifferenceReport implements AutoCloseable {
    private record Group(String key, int[] count, Map<String, Object> example) {}

    private final Path dir;
    private final Writer lines;
    private final Map<String, Group> unknown = new LinkedHashMap<>();
    private final Map<String, Integer> knownSeen = new TreeMap<>();
    private final Map<String, Integer> perOperation = new TreeMap<>();
    private final List<String> header = new ArrayList<>();

    DifferenceReport(Path dir) throws IOException {
        this.dir = dir;
        Files.createDirectories(dir);
        lines = Files.newBufferedWriter(dir.resolve("differences.jsonl"), StandardCharsets.UTF_8);
    }

    /** A line for the summary's heading (seed, endpoints). */
    void describe(String line) {
        header.add(line);
    }

    void add(GeneratedRequest request, Answer basalt, Answer reference, List<AnswerComparator.Difference> diffs,
             Set<KnownDifferences.Entry> matched, List<AnswerComparator.Difference> unmatched) throws IOException {
        String op = (request.streams() ? "Streams." : "") + request.operation();
        perOperation.merge(op, 1, Integer::sum);
        if (diffs.isEmpty()) return;
        for (KnownDifferences.Entry e : matched) knownSeen.merge(e.id() + " (" + e.status() + ")", 1, Integer::sum);
        Map<String, Object> line = Json.obj("request", request.toJson(), "basalt", basalt.toJson(),
                "reference", reference.toJson(),
                "differences", diffs.stream().map(AnswerComparator.Difference::toJson).toList(),
                "known", matched.stream().map(KnownDifferences.Entry::id).toList(),
                "verdict", unmatched.isEmpty() ? "known" : "unknown");
        lines.write(Json.write(line));
        lines.write('\n');
        for (AnswerComparator.Difference d : unmatched) {
            String key = op + " | " + d.kind() + " | " + d.path().replaceAll("\\[\\d+]", "[]") + " | "
                    + basalt.type() + " vs " + reference.type();
            unknown.computeIfAbsent(key, k -> new Group(k, new int[1], line)).count()[0]++;
        }
    }

    /** The unknown difference groups: "operation | kind | path | types", with counts. */
    Map<String, Integer> unknownGroups() {
        Map<String, Integer> m = new LinkedHashMap<>();
        unknown.forEach((k, g) -> m.put(k, g.count()[0]));
        return m;
    }

    void finish(DifferentialRun.Outcome outcome) throws IOException {
        lines.close();
        StringBuilder md = new StringBuilder("# Differential run\n\n");
        for (String h : header) md.append("- ").append(h).append('\n');
        md.append("- requests: ").append(outcome.requests()).append(", identical: ").append(outcome.identical())
          .append(", known differences: ").append(outcome.known()).append(", unknown: ").append(outcome.unknown()).append("\n\n");
        md.append("## Requests per operation\n\n");
        perOperation.forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        md.append("\n## Unknown differences (").append(unknown.size()).append(" groups)\n\n");
        for (Group g : unknown.values()) {
            md.append("### ").append(g.key()).append(" (").append(g.count()[0]).append(")\n\n```\n")
              .append(Json.write(g.example())).append("\n```\n\n");
        }
        md.append("## Known differences seen\n\n");
        knownSeen.forEach((k, v) -> md.append("- ").append(k).append(": ").append(v).append('\n'));
        Files.writeString(dir.resolve("summary.md"), md.toString());
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
