package io.basalt.server.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The web console's static files, shipped in the jar under {@code console/} and served at
 * {@code /console/} on the API's own port. Only names of a plain shape with a known type are looked
 * up, so a request can never reach another resource of the class path. Files found are kept in
 * memory (the console is a few dozen KB).
 */
public final class ConsoleAssets {
    /** The path the console lives under; {@code /console} alone is redirected here. */
    public static final String PREFIX = "/console/";

    /** File names the console is made of: letters, digits, dashes, dots, one optional folder level. */
    private static final Pattern NAME = Pattern.compile("([a-z0-9-]+/)?[a-z0-9-]+(\\.[a-z0-9-]+)*\\.[a-z0-9]+");
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "svg", "image/svg+xml",
            "png", "image/png",
            "ico", "image/x-icon",
            "json", "application/json");
    /**
     * Everything the page loads comes from this server: the policy also keeps a value shown from a
     * table (an item is user data) from loading anything from another host.
     */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; img-src 'self' data:; "
            + "style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'";

    private final ClassLoader loader;
    private final String root;
    private final Map<String, Asset> loaded = new ConcurrentHashMap<>();

    /** A file of the console: its bytes, media type and an entity tag for conditional requests. */
    public record Asset(byte[] body, String contentType, String etag) {}

    public ConsoleAssets() {
        this(ConsoleAssets.class.getClassLoader(), "console/");
    }

    ConsoleAssets(ClassLoader loader, String root) {
        this.loader = loader;
        this.root = root;
    }

    /** Whether a request path (without query) belongs to the console. */
    public static boolean isConsolePath(String path) {
        return path.equals("/console") || path.startsWith(PREFIX);
    }

    /**
     * The file a console path names ({@code /console/} is the page itself), or empty when there is
     * none of that name.
     */
    public Optional<Asset> find(String path) {
        if (!path.startsWith(PREFIX)) return Optional.empty();
        String name = path.substring(PREFIX.length());
        if (name.isEmpty()) name = "index.html";
        if (!NAME.matcher(name).matches()) return Optional.empty();
        String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
        if (type == null) return Optional.empty();
        Asset cached = loaded.get(name);
        if (cached != null) return Optional.of(cached);
        byte[] body = read(root + name);
        if (body == null) return Optional.empty();
        CRC32 crc = new CRC32();
        crc.update(body);
        Asset asset = new Asset(body, type, "\"" + Long.toHexString(crc.getValue()) + "-" + body.length + "\"");
        loaded.put(name, asset);
        return Optional.of(asset);
    }

    private byte[] read(String resource) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
