package io.basalt.server.http;

import io.basalt.server.console.ConsoleAssets;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Optional;

/**
 * GET and HEAD of {@code /console/...}: the web console's files, with their media type, an entity
 * tag (a browser revalidates each time and gets 304 while the jar is the same) and 404 for a name
 * the console does not have.
 */
final class ConsoleRoute {
    private final ConsoleAssets assets;

    ConsoleRoute(ConsoleAssets assets) {
        this.assets = assets;
    }

    /** Whether this request is the console's to answer. */
    static boolean handles(FullHttpRequest req, String path) {
        HttpMethod m = req.method();
        return (m.equals(HttpMethod.GET) || m.equals(HttpMethod.HEAD)) && ConsoleAssets.isConsolePath(path);
    }

    FullHttpResponse answer(ByteBufAllocator alloc, FullHttpRequest req, String path, String requestId) {
        if (path.equals("/console")) {
            FullHttpResponse res = HttpResponses.response(HttpResponseStatus.MOVED_PERMANENTLY, Unpooled.EMPTY_BUFFER,
                    null, requestId);
            res.headers().set(HttpHeaderNames.LOCATION, ConsoleAssets.PREFIX);
            return res;
        }
        boolean head = req.method().equals(HttpMethod.HEAD);
        Optional<ConsoleAssets.Asset> found = assets.find(path);
        if (found.isEmpty()) {
            return HttpResponses.text(alloc, HttpResponseStatus.NOT_FOUND, head ? "" : "Not found\n",
                    "text/plain; charset=utf-8", requestId);
        }
        ConsoleAssets.Asset asset = found.get();
        FullHttpResponse res;
        if (asset.etag().equals(req.headers().get(HttpHeaderNames.IF_NONE_MATCH))) {
            res = HttpResponses.response(HttpResponseStatus.NOT_MODIFIED, Unpooled.EMPTY_BUFFER, null, requestId);
            res.headers().remove(HttpHeaderNames.CONTENT_LENGTH);
        } else if (head) {
            res = HttpResponses.response(HttpResponseStatus.OK, Unpooled.EMPTY_BUFFER, asset.contentType(), requestId);
            res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, asset.body().length);
        } else {
            res = HttpResponses.response(HttpResponseStatus.OK, Unpooled.wrappedBuffer(asset.body()), asset.contentType(),
                    requestId);
        }
        res.headers().set(HttpHeaderNames.ETAG, asset.etag());
        // revalidated on every load: a new server version's console is never mixed with an old one's files
        res.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-cache");
        res.headers().set("X-Content-Type-Options", "nosniff");
        res.headers().set("Content-Security-Policy", assets.contentSecurityPolicy(null));
        return res;
    }
}
