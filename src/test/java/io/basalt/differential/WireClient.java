package io.basalt.differential;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * Sends one raw JSON body with its X-Amz-Target, signed with SigV4 by the SDK's own signer (any key:
 * neither DynamoDB Local nor a Basalt without --auth-file checks it), so that shapes no SDK would
 * send can be sent too.
 */
public final class WireClient implements AutoCloseable {
    private static final AwsCredentialsIdentity KEY = AwsCredentialsIdentity.create("AKIDDIFFERENTIAL", "differential-secret");
    private final URI endpoint;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .version(HttpClient.Version.HTTP_1_1).build();

    public WireClient(URI endpoint) {
        this.endpoint = endpoint.resolve("/");
    }

    URI endpoint() {
        return endpoint;
    }

    /** Status and body; a transport failure is status 0 with the exception's text. */
    public Answer.Raw send(String target, String body) {
        SdkHttpRequest request = SdkHttpRequest.builder().method(SdkHttpMethod.POST).uri(endpoint)
                .putHeader("X-Amz-Target", target)
                .putHeader("Content-Type", "application/x-amz-json-1.0")
                .build();
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        SignedRequest signed = AwsV4HttpSigner.create().sign(r -> r.identity(KEY).request(request)
                .payload(ContentStreamProvider.fromByteArray(bytes))
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "dynamodb")
                .putProperty(AwsV4HttpSigner.REGION_NAME, "us-east-1"));
        HttpRequest.Builder b = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60));
        for (Map.Entry<String, List<String>> h : signed.request().headers().entrySet()) {
            String name = h.getKey();
            if (name.equalsIgnoreCase("host") || name.equalsIgnoreCase("content-length")) continue;
            for (String v : h.getValue()) b.header(name, v);
        }
        try {
            HttpResponse<String> r = http.send(b.POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Answer.Raw(r.statusCode(), r.body());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Answer.Raw(0, "interrupted");
        } catch (Exception e) {
            return new Answer.Raw(0, String.valueOf(e));
        }
    }

    @Override
    public void close() {
        http.close();
    }
}
