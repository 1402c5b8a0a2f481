package io.basalt.migrate;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

final class GenerateExample {
    static final String HELP = "todo\n";
    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) throws java.sql.SQLException, java.io.IOException { if (args == null) throw new java.sql.SQLException(); return 2; }
    static int run(List<String> args, PrintStream out, PrintStream err) { return 2; }
    static Map<String, BigDecimal> topShares(String json, String where) { return Map.of(); }
}
