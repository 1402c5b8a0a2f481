package io.basalt.compat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Records, for every finished test carrying {@link Covers}, which operation/parameters it covers and
 * whether it passed, into target/compatibility/results-*.tsv. {@link CompatibilityReport} turns the
 * results into docs/compatibility.md.
 */
public final class CompatibilityListener implements TestExecutionListener {
    private final Map<String, String> rows = new ConcurrentHashMap<>();

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Optional<TestSource> source = id.getSource();
        if (source.isEmpty() || !(source.get() instanceof MethodSource ms)) return;
        Method method;
        try {
            method = ms.getJavaMethod();
        } catch (RuntimeException e) {
            return;
        }
        List<Covers> covers = new ArrayList<>(List.of(method.getAnnotationsByType(Covers.class)));
        covers.addAll(List.of(ms.getJavaClass().getAnnotationsByType(Covers.class)));
        // a test skipped by an assumption (opt-in, or a missing prerequisite) says nothing either way
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) return;
        boolean passed = result.getStatus() == TestExecutionResult.Status.SUCCESSFUL;
        String test = ms.getClassName().replaceFirst("^.*\\.", "") + "." + ms.getMethodName();
        for (Covers c : covers) {
            String[] params = c.parameters().length == 0 ? new String[] {""} : c.parameters();
            for (String p : params) {
                rows.merge(c.operation() + "\t" + p + "\t" + test, passed ? "pass" : "fail",
                        (a, b) -> a.equals("fail") || b.equals("fail") ? "fail" : "pass");
            }
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan plan) {
        if (rows.isEmpty()) return;
        Path dir = Path.of("target", "compatibility");
        StringBuilder sb = new StringBuilder();
        new TreeMap<>(rows).forEach((k, v) -> sb.append(k).append('\t').append(v).append('\n'));
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("results-" + ProcessHandle.current().pid() + ".tsv"), sb.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
