package io.basalt.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code basalt partitions TABLE [--admin-port PORT] [--host HOST] [--token TOKEN]}: asks a running server's admin
 * service for a table's simulated partitions and prints them: hash ranges, sizes, throughput
 * shares, consumed and throttled units, heat, and the Contributor Insights top keys when enabled.
 */
final class PartitionsCommand {
    private PartitionsCommand() {}

    static int run(List<String> args, Map<String, String> env) {
        String table = null, host = env.getOrDefault("BASALT_ADMIN_HOST", "127.0.0.1"), port = env.get("BASALT_ADMIN_PORT");
        // with an auth file the admin port asks for credentials: a token of `basalt auth admin-token`
        String token = env.get("BASALT_ADMIN_TOKEN");
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if ((a.equals("--admin-port") || a.equals("--host") || a.equals("--token")) && i + 1 < args.size()) {
                if (a.equals("--host")) host = args.get(++i);
                else if (a.equals("--token")) token = args.get(++i);
                else port = args.get(++i);
            } else if (a.startsWith("--admin-port=")) {
                port = a.substring("--admin-port=".length());
            } else if (a.startsWith("--host=")) {
                host = a.substring("--host=".length());
            } else if (!a.startsWith("--") && table == null) {
                table = a;
            } else {
                System.err.println("basalt partitions: unexpected argument " + a);
                return 2;
            }
        }
        if (table == null || port == null) {
            System.err.println("usage: basalt partitions TABLE --admin-port PORT [--host HOST] [--token TOKEN]"
                    + " (the server must run with --admin-port; TOKEN from basalt auth admin-token when it has an auth file)");
            return 2;
        }
        try {
            URI uri = URI.create("http://" + host + ":" + port + "/partitions/" + URLEncoder.encode(table, StandardCharsets.UTF_8).replace("+", "%20"));
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).GET();
            if (token != null) request.header("Authorization", "Bearer " + token.trim());
            HttpResponse<String> r = HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                String body = r.body().strip();
                System.err.println("basalt partitions: " + (body.startsWith("{") ? ((Map<?, ?>) parse(body)).get("error") : body));
                return 1;
            }
            Object doc = parse(r.body());
            System.out.print(render((Map<?, ?>) doc));
            return 0;
        } catch (IOException e) {
            System.err.println("basalt partitions: cannot reach the admin service on " + host + ":" + port + " (" + e + ")");
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    static String render(Map<?, ?> t) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Table %s: %s, %s RCU / %s WCU, capacity %s; %s items, %s%n", t.get("TableName"),
                t.get("BillingMode"), t.get("ReadCapacityUnits"), t.get("WriteCapacityUnits"), t.get("CapacityMode"),
                t.get("ItemCount"), bytes(num(t.get("SizeBytes")))));
        partitions(sb, (List<?>) t.get("Partitions"));
        insights(sb, (Map<?, ?>) t.get("ContributorInsights"));
        for (Object o : (List<?>) t.get("GlobalSecondaryIndexes")) {
            Map<?, ?> i = (Map<?, ?>) o;
            sb.append(String.format("%nGlobal secondary index %s%n", i.get("IndexName")));
            partitions(sb, (List<?>) i.get("Partitions"));
            insights(sb, (Map<?, ?>) i.get("ContributorInsights"));
        }
        return sb.toString();
    }

    private static void partitions(StringBuilder sb, List<?> parts) {
        sb.append(String.format(Locale.ROOT, "%3s  %-33s %10s %9s %9s %12s %12s %9s %6s  %s%n", "#", "partition-hash range", "size",
                "RCU share", "WCU share", "read units", "write units", "throttled", "heat", "keys (first .. last)"));
        for (Object o : parts) {
            Map<?, ?> p = (Map<?, ?>) o;
            String keys = p.get("FirstKey") == null ? "-" : p.get("FirstKey") + " .. " + p.get("LastKey");
            sb.append(String.format(Locale.ROOT, "%3d  %s-%s %10s %9.1f %9.1f %12.1f %12.1f %9d %5.1f%%  %s%n",
                    (long) num(p.get("Partition")), p.get("HashFrom"), p.get("HashTo"), bytes(num(p.get("SizeBytes"))),
                    num(p.get("ReadShare")), num(p.get("WriteShare")), num(p.get("ConsumedReadUnits")), num(p.get("ConsumedWriteUnits")),
                    (long) (num(p.get("ReadThrottles")) + num(p.get("WriteThrottles"))), num(p.get("Heat")) * 100, keys));
        }
    }

    private static void insights(StringBuilder sb, Map<?, ?> ci) {
        if (ci == null) return;
        String[][] kinds = {{"MostAccessedKeys", "Most accessed partition keys:"}, {"MostThrottledKeys", "Most throttled partition keys:"},
                {"MostAccessedItemKeys", "Most accessed keys (partition#sort):"}};
        for (String[] kind : kinds) {
            List<?> keys = (List<?>) ci.get(kind[0]);
            if (keys == null || keys.isEmpty()) continue;
            sb.append(kind[1]);
            for (Object o : keys) {
                Map<?, ?> k = (Map<?, ?>) o;
                sb.append(' ').append(k.get("Key")).append(" (").append((long) num(k.get("Count"))).append(')');
            }
            sb.append('\n');
        }
    }

    private static double num(Object o) {
        return o == null ? 0 : ((Number) o).doubleValue();
    }

    private static String bytes(double b) {
        if (b < 1024) return (long) b + " B";
        if (b < 1024 * 1024) return String.format(Locale.ROOT, "%.1f KB", b / 1024);
        if (b < 1024.0 * 1024 * 1024) return String.format(Locale.ROOT, "%.1f MB", b / 1024 / 1024);
        return String.format(Locale.ROOT, "%.2f GB", b / 1024 / 1024 / 1024);
    }

    /** Reads a JSON document into maps, lists, strings, numbers, booleans and nulls. */
    static Object parse(String json) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(json)) {
            p.nextToken();
            return value(p);
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() != JsonToken.END_OBJECT) {
                    String name = p.currentName();
                    p.nextToken();
                    m.put(name, value(p));
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(value(p));
                return l;
            }
            case VALUE_STRING -> { return p.getText(); }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> { return p.getNumberValue(); }
            case VALUE_TRUE -> { return true; }
            case VALUE_FALSE -> { return false; }
            default -> { return null; }
        }
    }
}
