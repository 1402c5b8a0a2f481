package io.basalt.migrate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Command-line options of a migrate command: {@code --name value}, {@code --name=value}, flags, positionals. */
final class Args {
    static final class UsageError extends RuntimeException {
        UsageError(String message) {
            super(message);
        }
    }

    private final Map<String, List<String>> values = new HashMap<>();
    private final Set<String> flags;
    final List<String> positional = new ArrayList<>();

    /** {@code valued}: options that take a value; {@code flags}: options that do not. Others are errors. */
    Args(List<String> args, Set<String> valued, Set<String> flags) {
        this.flags = new java.util.HashSet<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--")) {
                positional.add(a);
                continue;
            }
            String name = a.substring(2), value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            if (flags.contains(name) && value == null) {
                this.flags.add(name);
            } else if (valued.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) throw new UsageError("--" + name + " needs a value");
                    value = args.get(++i);
                }
                values.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            } else {
                throw new UsageError("unknown option --" + name);
            }
        }
    }

    String get(String name) {
        List<String> l = values.get(name);
        return l == null ? null : l.get(l.size() - 1);
    }

    String get(String name, String fallback) {
        String v = get(name);
        return v == null ? fallback : v;
    }

    List<String> all(String name) {
        return values.getOrDefault(name, List.of());
    }

    String required(String name) {
        String v = get(name);
        if (v == null) throw new UsageError("--" + name + " is required");
        return v;
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    int intValue(String name, int fallback) {
        String v = get(name);
        if (v == null) return fallback;
        try {
            return Integer.parseInt(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageError("--" + name + ": not a whole number: " + v);
        }
    }
}
