package io.basalt.migrate;

import java.net.URI;
import java.nio.file.Path;

/**
 * A Basalt instance started in this process over a data directory ({@code --data-dir}), so that
 * run and verify write and read through the same SDK path as against any endpoint. The wiring
 * ({@code io.basalt.cli.Main}) provides it: the toolkit does not depend on the server.
 */
public interface EmbeddedStore extends AutoCloseable {
    URI endpoint();

    @Override
    void close();

    interface Opener {
        EmbeddedStore open(Path dataDir);
    }
}
