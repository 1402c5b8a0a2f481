package io.basalt.it;

import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * A real S3-compatible server for the tests: Adobe's S3Mock (standalone jar from Maven Central,
 * fetched into the local Maven repository with {@code mvn dependency:get} when absent), started on
 * free ports with its files in a temporary directory. A test that cannot obtain it is skipped
 * with the reason.
 */
final class S3Server implements AutoCloseable {
    static final String VERSION = "4.11.0";
    /** The one KMS key S3Mock knows: it refuses SSE-KMS writes naming any other key with KMS.NotFoundException. */
    static final String KMS_KEY_ARN = "arn:aws:kms:us-east-1:123456789012:key/6e4d7c10-5a2b-4e8f-9c1d-2f3a4b5c6d7e";
    private final Process process;
    private final Path dir;
    final String endpoint;

    private S3Server(Process process, Path dir, String endpoint) {
        this.process = process;
        this.dir = dir;
        this.endpoint = endpoint;
    }

    static S3Server start(String... buckets) throws Exception {
        Path jar = Path.of(System.getProperty("user.home"), ".m2", "repository", "com", "adobe", "testing", "s3mock", VERSION,
                "s3mock-" + VERSION + "-exec.jar");
        if (!Files.exists(jar)) {
            try {
                new ProcessBuilder("mvn", "-q", "-B", "dependency:get", "-Dartifact=com.adobe.testing:s3mock:" + VERSION + ":jar:exec",
                        "-Dtransitive=false").inheritIO().start().waitFor();
            } catch (IOException e) {
                // no mvn on the PATH: skipped below
            }
        }
        Assumptions.assumeTrue(Files.exists(jar), "S3Mock " + VERSION + " could not be obtained from Maven Central: " + jar);
        int http = freePort(), https = freePort();
        Path dir = Files.createTempDirectory("basalt-s3mock");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx384m", "-jar", jar.toString(), "--server.port=" + https,
                "--com.adobe.testing.s3mock.httpPort=" + http, "--com.adobe.testing.s3mock.store.root=" + dir,
                "--com.adobe.testing.s3mock.store.initialBuckets=" + String.join(",", buckets),
                "--com.adobe.testing.s3mock.store.validKmsKeys=" + KMS_KEY_ARN, "--spring.main.banner-mode=off")
                .redirectErrorStream(true).redirectOutput(dir.resolveSibling(dir.getFileName() + ".log").toFile()).start();
        String endpoint = "http://127.0.0.1:" + http;
        long deadline = System.currentTimeMillis() + 120_000;
        while (true) {
            try {
                HttpURLConnection c = (HttpURLConnection) URI.create(endpoint + "/").toURL().openConnection();
                c.setConnectTimeout(500);
                if (c.getResponseCode() > 0) break;
            } catch (IOException notYet) {
                if (!p.isAlive() || System.currentTimeMillis() > deadline) {
                    p.destroyForcibly();
                    throw new IllegalStateException("S3Mock did not start");
                }
                Thread.sleep(250);
            }
        }
        return new S3Server(p, dir, endpoint);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        process.waitFor();
        ServerTestBase.deleteTree(dir);
    }
}
