package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * HTTPS with a certificate the test makes (openssl), beside the plain port: the AWS SDK for Java v2
 * and boto3, each trusting that certificate, use it; a client that does not trust it is refused.
 */
class TlsIT {
    static Path dir;
    static Path cert;
    static Path key;
    static Basalt server;

    @BeforeAll
    static void start() throws Exception {
        dir = Files.createTempDirectory("basalt-tls");
        cert = dir.resolve("cert.pem");
        key = dir.resolve("key.pem");
        Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-keyout", key.toString(), "-out", cert.toString(), "-subj", "/CN=localhost",
                "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        server = Basalt.start(BasaltConfig.inMemoryOnFreePort().withTls(0, cert, key));
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) server.close();
        ServerTestBase.deleteTree(dir);
    }

    static TrustManager[] trusting(Path pem) throws Exception {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (InputStream in = Files.newInputStream(pem)) {
            store.setCertificateEntry("basalt", (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        f.init(store);
        return f.getTrustManagers();
    }

    static DynamoDbClient client(java.net.URI endpoint, TrustManager[] trust) {
        UrlConnectionHttpClient.Builder http = UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(30));
        if (trust != null) http.tlsTrustManagersProvider(() -> trust);
        return DynamoDbClient.builder().endpointOverride(endpoint).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDTEST", "secret")))
                .httpClient(http.build())
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD).retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    @Test
    void theSdkSpeaksHttpsAndThePlainPortStillServes() throws Exception {
        assertTrue(server.tlsEndpoint().toString().startsWith("https://"));
        try (DynamoDbClient tls = client(server.tlsEndpoint(), trusting(cert)); DynamoDbClient plain = client(server.endpoint(), null)) {
            Sdk.createHashTable(tls, "OverTls");
            tls.putItem(b -> b.tableName("OverTls").item(Sdk.item("pk", "1")));
            assertEquals(1, plain.scan(b -> b.tableName("OverTls")).count(), "one store behind both ports");
        }
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateIsRefused() {
        try (DynamoDbClient untrusting = client(server.tlsEndpoint(), null)) {
            Exception e = assertThrows(Exception.class, untrusting::listTables);
            assertTrue(String.valueOf(e.getMessage()).toLowerCase().contains("certification")
                    || String.valueOf(e.getCause()).contains("SSL"), e.toString());
        }
    }

    @Test
    void boto3TrustingTheCertificateSpeaksHttps() throws Exception {
        Path py = dir.resolve("tls_check.py");
        Files.writeString(py, """
                import boto3, sys
                c = boto3.client("dynamodb", endpoint_url=sys.argv[1], region_name="us-east-1", verify=sys.argv[2],
                                 aws_access_key_id="AKIDTEST", aws_secret_access_key="secret")
                print(type(c.list_tables()["TableNames"]).__name__)
                """);
        Process p = new ProcessBuilder("python3", py.toString(), server.tlsEndpoint().toString(), cert.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertEquals(List.of("list"), out.lines().toList());
    }

    @Test
    void httpsOnlyWhenThePlainPortIsOff() throws Exception {
        try (Basalt only = Basalt.start(BasaltConfig.inMemoryOnFreePort().withPort(BasaltConfig.NO_PORT).withTls(0, cert, key));
             DynamoDbClient tls = client(only.endpoint(), trusting(cert))) {
            assertEquals("https", only.endpoint().getScheme());
            tls.listTables();
        }
    }
}
