package io.basalt.testcontainers;

import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.Transferable;
import org.testcontainers.utility.DockerImageName;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Basalt, a DynamoDB-compatible server, in a container (the image of docker/Dockerfile, {@code basalt:latest}
 * by default):
 *
 * <pre>
 * &#64;Container
 * static BasaltContainer basalt = new BasaltContainer().withInMemory();
 * ...
 * DynamoDbClient dynamo = basalt.client();     // or your own client with basalt.endpoint()
 * </pre>
 *
 * Options: {@link #withInMemory()}, {@link #withCapacityMode(String)}, {@link #withAuth(String, String)},
 * {@link #withDataVolume(String)}; any other server option as {@code withEnv("BASALT_<NAME>", value)}.
 * {@link #withHostNetwork()} serves from the host's network instead of a mapped port (for Docker
 * daemons without a bridge network; also chosen by the system property
 * {@code basalt.testcontainers.hostNetwork=true}).
 */
public class BasaltContainer extends GenericContainer<BasaltContainer> {
    public static final DockerImageName DEFAULT_IMAGE = DockerImageName.parse("basalt:latest");
    /** The port the image serves on (its BASALT_PORT). */
    public static final int PORT = 8000;
    /** The clients' region (tables live per region, as in the service). */
    public static final Region REGION = Region.US_EAST_1;
    private static final String AUTH_FILE = "/tmp/basalt-auth.json";

    private String accessKeyId = "basalt";
    private String secretAccessKey = "basalt";
    private boolean hostNetwork = Boolean.getBoolean("basalt.testcontainers.hostNetwork");
    private int hostPort = -1;

    public BasaltContainer() {
        this(DEFAULT_IMAGE);
    }

    public BasaltContainer(String image) {
        this(DockerImageName.parse(image));
    }

    public BasaltContainer(DockerImageName image) {
        super(image);
        withExposedPorts(PORT);
        // the line the server prints once it answers (on either network)
        waitingFor(Wait.forLogMessage(".*Basalt .* listening on .*\\n", 1).withStartupTimeout(Duration.ofSeconds(60)));
    }

    /** Keep nothing: the server's data lives in memory (BASALT_IN_MEMORY). */
    public BasaltContainer withInMemory() {
        return withEnv("BASALT_IN_MEMORY", "true");
    }

    /** "enforce" (throttle like the service), "report" (the default) or "off" (BASALT_CAPACITY). */
    public BasaltContainer withCapacityMode(String mode) {
        return withEnv("BASALT_CAPACITY", mode);
    }

    /**
     * Verify signatures: the server gets an auth file with one account (123456789012) and one user
     * allowed everything, whose key is this one; {@link #client()} signs with it.
     */
    public BasaltContainer withAuth(String accessKeyId, String secretAccessKey) {
        this.accessKeyId = accessKeyId;
        this.secretAccessKey = secretAccessKey;
        String file = "{\"accounts\": [{\"id\": \"123456789012\", \"name\": \"test\"}], \"users\": [{\"name\": \"test\", "
                + "\"account\": \"123456789012\", \"allowAll\": true, \"accessKeys\": [{\"accessKeyId\": " + json(accessKeyId)
                + ", \"secretAccessKey\": " + json(secretAccessKey) + "}]}]}";
        return withAuthFile(file);
    }

    /** Verify signatures against an auth file of your own (docs/security.md), copied into the container. */
    public BasaltContainer withAuthFile(Path authFile) {
        try {
            return withAuthFile(Files.readString(authFile));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + authFile, e);
        }
    }

    private BasaltContainer withAuthFile(String content) {
        // readable by the image's user (uid 10001); the copy is owned by root
        withCopyToContainer(Transferable.of(content.getBytes(StandardCharsets.UTF_8), 0444), AUTH_FILE);
        withEnv("BASALT_AUTH_FILE", AUTH_FILE);
        return withEnv("BASALT_AUTH", "verify");
    }

    /**
     * Keep the data in a Docker volume (a name) or a host directory (an absolute path, writable by uid
     * 10001) mounted at /data, so that another container on it finds the tables again.
     */
    public BasaltContainer withDataVolume(String nameOrHostPath) {
        List<Bind> binds = new ArrayList<>(getBinds());
        binds.add(new Bind(nameOrHostPath, new Volume("/data")));
        setBinds(binds);
        return self();
    }

    /** Serve on a free port of the host's network (no port mapping; Linux Docker only). */
    public BasaltContainer withHostNetwork() {
        this.hostNetwork = true;
        return self();
    }

    @Override
    protected void configure() {
        super.configure();
        if (hostNetwork) {
            hostPort = freePort();
            withNetworkMode("host");
            setExposedPorts(List.of());
            withEnv("BASALT_PORT", Integer.toString(hostPort));
        }
    }

    /** The endpoint URL to give an AWS SDK, the AWS CLI or boto3. */
    public URI endpoint() {
        if (hostNetwork) return URI.create("http://127.0.0.1:" + hostPort);
        return URI.create("http://" + getHost() + ":" + getMappedPort(PORT));
    }

    /** The access key the server accepts ({@link #withAuth(String, String)}; any key without it). */
    public String accessKeyId() {
        return accessKeyId;
    }

    public String secretAccessKey() {
        return secretAccessKey;
    }

    /** A new client of this container (region us-east-1, this container's key); close it when done. */
    public DynamoDbClient client() {
        return DynamoDbClient.builder().endpointOverride(endpoint()).region(REGION)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKeyId, secretAccessKey)))
                .httpClient(UrlConnectionHttpClient.create()).build();
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String json(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
