package io.basalt.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** Lets tests in other packages run {@code basalt auth ...} in-process. */
public final class AuthCommandAccess {
    private AuthCommandAccess() {}

    public static int run(List<String> args, PrintStream out) {
        return AuthCommand.run(args, Map.of(), out, out);
    }
}
