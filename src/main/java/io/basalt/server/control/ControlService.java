package io.basalt.server.control;

import io.basalt.server.Service;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local control channel of a server that owns a data directory: a Unix domain socket in that
 * directory ({@code basalt.sock}, readable and writable by the server's user only), through which
 * the tools of the same machine ask the running server for what needs the open store, such as a
 * whole-store backup ({@code basalt backup --data-dir D --to DIR} while the server runs). Nothing
 * of it is reachable from the network.
 *
 * <p>Protocol: one request line ({@code COMMAND ARGUMENT}), one answer line ({@code ok ...} or
 * {@code error ...}), then the connection closes. Requests are handled one at a time.
 */
public final class ControlService implements Service {
    private static final Logger LOG = LoggerFactory.getLogger(ControlService.class);
    public static final String SOCKET = "basalt.sock";

    private final Path socket;
    private final Function<String, String> commands;
    private ServerSocketChannel channel;
    private Thread acceptor;

    /**
     * @param commands answers a request line with its answer line (starting "ok " or "error ")
     */
    public ControlService(Path dataDir, Function<String, String> commands) {
        this.socket = dataDir.resolve(SOCKET);
        this.commands = commands;
    }

    /** The socket of the server that owns {@code dataDir}. */
    public static Path socketOf(Path dataDir) {
        return dataDir.resolve(SOCKET);
    }

    @Override
    public String name() {
        return "control";
    }

    @Override
    public void start() throws IOException {
        Files.deleteIfExists(socket); // left by a server that was killed (the store's lock says none runs now)
        ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException | UnsupportedOperationException e) {
            // e.g. a data directory whose path is longer than a socket path may be (about 100 bytes):
            // the server runs without it; only backups of the running store need it
            ch.close();
            LOG.warn("No control socket at {} ({}): `basalt backup` needs the server stopped", socket, e.getMessage());
            return;
        }
        channel = ch;
        try {
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException notPosix) {
            // the data directory's own permissions guard it
        }
        acceptor = new Thread(this::serve, "basalt-control");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    private void serve() {
        while (channel.isOpen()) {
            try (SocketChannel c = channel.accept()) {
                BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
                String request = in.readLine();
                String answer;
                try {
                    answer = request == null ? "error empty request" : commands.apply(request.strip());
                } catch (RuntimeException e) {
                    LOG.warn("Control request '{}' failed", request, e);
                    answer = "error " + e.getMessage();
                }
                OutputStream out = Channels.newOutputStream(c);
                out.write((answer.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            } catch (IOException e) {
                if (channel.isOpen()) LOG.debug("Control connection failed: {}", e.getMessage());
            }
        }
    }

    /** Sends one request to the server that owns {@code dataDir}; its answer line. */
    public static String request(Path dataDir, String line) throws IOException {
        try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(socketOf(dataDir)))) {
            OutputStream out = Channels.newOutputStream(c);
            out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            String answer = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8)).readLine();
            return answer == null ? "error no answer" : answer;
        }
    }

    @Override
    public int port() {
        return -1; // a socket file, not a port
    }

    @Override
    public void stop() {
        try {
            if (channel != null) channel.close();
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            LOG.debug("Closing the control socket: {}", e.getMessage());
        }
    }
}
