package io.basalt.server.mcp;

/**
 * The migration toolkit's checks on a model file, for the model_check and estimate tools. The
 * wiring provides them (front ends do not see the toolkit), and only to {@code basalt mcp} over
 * stdio: they read files of the local user's machine, which no remote caller may name.
 */
public interface ModelTools {
    /** {@code basalt migrate model check --model FILE --format json [--hot-share S]}. */
    Outcome check(String modelFile, String hotShare);

    /** {@code basalt migrate estimate --model FILE --format json [--prices FILE]}. */
    Outcome estimate(String modelFile, String pricesFile);

    /**
     * @param exitCode the command's: 0 done, 1 (model check) a pattern not served or a failure, 2 usage
     * @param json what it printed (JSON), or empty
     * @param errors what it printed on standard error
     */
    record Outcome(int exitCode, String json, String errors) {}
}
