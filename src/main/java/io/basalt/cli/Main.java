package io.basalt.cli;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;

/** Command-line entry point: {@code basalt serve [options]}. */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        BasaltConfig config = BasaltConfig.defaults().withInMemory(true);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> config = config.withPort(Integer.parseInt(args[++i]));
                case "--host" -> config = config.withHost(args[++i]);
                default -> { }
            }
        }
        Basalt basalt = Basalt.start(config);
        System.out.println("Basalt listening on " + config.host() + ":" + basalt.port());
        Runtime.getRuntime().addShutdownHook(new Thread(basalt::close));
        Thread.currentThread().join();
    }
}
