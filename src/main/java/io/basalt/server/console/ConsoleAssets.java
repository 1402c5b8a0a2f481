package io.basalt.server.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/**
 * The web console's static files, shipped in the jar under {@code console/} and served at
 * {@code /console/} on the API's own port. Only names of a plain shape with a known type are looked
 * up, so a request can never reach another resource of the class path. Files found are kept in
 * memory (the console is a few hundred KB). The front-end libraries come from their WebJars on the
 * class path (Maven Central; no Node.js in the build), each file under a fixed name in
 * {@code vendor/} that the page's import map points at.
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
    /** The library files the console loads: its name under {@code vendor/} -> WebJar and path in it. */
    private static final Map<String, String[]> VENDOR = Map.of(
            "vendor/preact.js", new String[] {"preact", "dist/preact.module.js"},
            "vendor/hooks.js", new String[] {"preact", "hooks/dist/hooks.module.js"},
            "vendor/uplot.js", new String[] {"uplot", "dist/uPlot.esm.js"},
            "vendor/uplot.css", new String[] {"uplot", "dist/uPlot.min.css"},
            "vendor/js-yaml.js", new String[] {"js-yaml", "dist/js-yaml.mjs"});
    private static final Pattern IMPORT_MAP = Pattern.compile("<script type=\"importmap\">(.*?)</script>", Pattern.DOTALL);

    private final ClassLoader loader;
    private final String root;
    private final Map<String, Asset> loaded = new ConcurrentHashMap<>();
    private final String scriptSources;

    /** A file of the console: its bytes, media type and an entity tag for conditional requests. */
    public record Asset(byte[] body, String contentType, String etag) {}

    public ConsoleAssets() {
        this(ConsoleAssets.class.getClassLoader(), "console/");
    }

    ConsoleAssets(ClassLoader loader, String root) {
        this.loader = loader;
        this.root = root;
        this.scriptSources = "'self'" + importMapHash();
    }

    /**
     * Everything the page loads comes from this server: the policy also keeps a value shown from a
     * table (an item is user data) from loading anything from another host. The one inline script,
     * the import map, is allowed by its hash. {@code apiOrigin} is where the page's API calls go
     * when that is not the page's own origin (the console on the admin port), else null.
     */
    public String contentSecurityPolicy(String apiOrigin) {
        return "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src " + scriptSources
                + "; connect-src 'self'" + (apiOrigin == null ? "" : " " + apiOrigin)
                + "; frame-ancestors 'none'; base-uri 'none'";
    }

    /** The CSP source of index.html's import map (" 'sha256-...'"), or "" when the page has none. */
    private String importMapHash() {
        byte[] page = read(root + "index.html");
        if (page == null) return "";
        Matcher m = IMPORT_MAP.matcher(new String(page, StandardCharsets.UTF_8));
        if (!m.find()) return "";
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(m.group(1).getBytes(StandardCharsets.UTF_8));
            return " 'sha256-" + Base64.getEncoder().encodeToString(digest) + "'";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
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
        String[] vendor = VENDOR.get(name);
        byte[] body = read(vendor == null ? root + name : webJarFile(vendor[0], vendor[1]));
        if (body == null) return Optional.empty();
        CRC32 crc = new CRC32();
        crc.update(body);
        Asset asset = new Asset(body, type, "\"" + Long.toHexString(crc.getValue()) + "-" + body.length + "\"");
        loaded.put(name, asset);
        return Optional.of(asset);
    }

    /** A file of a WebJar, at the version on the class path (its pom.properties says which). */
    private String webJarFile(String artifact, String path) {
        byte[] pom = read("META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties");
        if (pom == null) return "META-INF/resources/webjars/missing";
        Properties p = new Properties();
        try {
            p.load(new java.io.ByteArrayInputStream(pom));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return "META-INF/resources/webjars/" + artifact + "/" + p.getProperty("version") + "/" + path;
    }

    private byte[] read(String resource) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
