package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.Basalt;
import io.basalt.server.auth.AuthFile;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Servers with an auth file for the attack tests: users of one account, the key of user NAME being
 * "AKIA" + NAME in upper case with the secret NAME + "-secret".
 */
final class AuthServers {
    private AuthServers() {}

    static AuthFile.User user(String account, String name, boolean allowAll, String... policies) {
        return new AuthFile.User(name, account, List.of(new AuthFile.AccessKey(keyId(name), secret(name), null)), List.of(policies),
                allowAll);
    }

    static String keyId(String user) {
        return "AKIA" + user.toUpperCase(Locale.ROOT);
    }

    static String secret(String user) {
        return user + "-secret";
    }

    /** A server (in memory, or on Cassandra for an {@link OnCassandra} class) whose auth file, in {@code dir}, has {@code users}. */
    static Basalt start(Class<?> testClass, Path dir, String account, AuthFile.User... users) throws IOException {
        Path authFile = dir.resolve("auth.json");
        new AuthFile(List.of(new AuthFile.Account(account, "main")), List.of(users)).write(authFile);
        return Basalt.start(ServerTestBase.config(testClass).withAuthFile(authFile));
    }

    /** The SDK signing as {@code user}, without retries. */
    static DynamoDbClient client(Basalt on, String user) {
        return DynamoDbClient.builder().endpointOverride(on.endpoint()).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(keyId(user), secret(user))))
                .httpClient(UrlConnectionHttpClient.builder().build())
                .overrideConfiguration(o -> o.retryStrategy(b -> b.maxAttempts(1)))
                .build();
    }

    /** An error answer of the service's type and words (the member is "message" or "Message", by type). */
    static void assertRefused(HttpResponse<String> r, String type, String message) {
        String shown = r.body().length() > 2000 ? r.body().substring(0, 2000) + "..." : r.body();
        assertEquals(400, r.statusCode(), shown);
        Map<String, Object> body = JsonMini.object(r.body());
        assertEquals("com.amazon.coral.service#" + type, body.get("__type"), shown);
        assertEquals(message, body.getOrDefault("message", body.get("Message")), shown);
    }
}
