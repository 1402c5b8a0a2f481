package io.basalt.server.mcp;

import io.basalt.server.auth.HttpRequestParts;
import io.basalt.server.auth.Principal;
import io.basalt.server.http.RequestDispatcher;
import io.basalt.server.http.RequestIds;
import io.basalt.server.http.SigV4Header;
import java.io.ByteArrayOutputStream;

/** Tool calls through the server's own dispatcher: validation, capacity and (for a principal) its policies, as the API call. */
public final class InProcessApi {
    private InProcessApi() {}

    /**
     * @param principal the auth-file user the calls are made as, authorized with its policies; null: the local user
     * @param parts the HTTP request the calls come with (aws:SourceIp), or null
     */
    public static ApiCaller as(RequestDispatcher dispatcher, Principal principal, HttpRequestParts parts) {
        return (operation, body) -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream(256);
            int status = dispatcher.dispatchAs(principal, SigV4Header.DEFAULT_REGION, ApiCaller.target(operation), RequestDispatcher.Body.of(body), out,
                    RequestIds.next(), parts);
            return new ApiCaller.Answer(status, out.toByteArray());
        };
    }
}
