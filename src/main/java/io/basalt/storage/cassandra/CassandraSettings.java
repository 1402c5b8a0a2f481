package io.basalt.storage.cassandra;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Where and how the Cassandra engine stores: contact points of an existing cluster, the keyspace
 * (created when missing, with {@code replication} copies), and the local datacenter the driver
 * routes to (SimpleSnitch clusters call theirs "datacenter1").
 */
public record CassandraSettings(List<InetSocketAddress> contactPoints, String keyspace, int replication, String localDc) {
    public static final String DEFAULT_KEYSPACE = "basalt";
    public static final String DEFAULT_LOCAL_DC = "datacenter1";

    public CassandraSettings {
        contactPoints = List.copyOf(contactPoints);
        if (contactPoints.isEmpty()) throw new IllegalArgumentException("no Cassandra contact points");
        if (!keyspace.matches("[A-Za-z][A-Za-z0-9_]{0,47}")) {
            throw new IllegalArgumentException("keyspace must be a letter then letters, digits or _ (at most 48): " + keyspace);
        }
        if (replication < 1) throw new IllegalArgumentException("replication must be at least 1");
    }

    /** Parses "HOST:PORT[,HOST:PORT...]" (port 9042 when omitted). */
    public static List<InetSocketAddress> parseContactPoints(String text) {
        List<InetSocketAddress> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) continue;
            int colon = p.lastIndexOf(':');
            String host = colon < 0 ? p : p.substring(0, colon);
            int port = 9042;
            if (colon >= 0) {
                try {
                    port = Integer.parseInt(p.substring(colon + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("not HOST:PORT: " + p);
                }
            }
            if (host.isEmpty() || port < 1 || port > 65535) throw new IllegalArgumentException("not HOST:PORT: " + p);
            out.add(InetSocketAddress.createUnresolved(host, port));
        }
        if (out.isEmpty()) throw new IllegalArgumentException("no contact points in '" + text + "'");
        return out;
    }

    public CassandraSettings withKeyspace(String k) {
        return new CassandraSettings(contactPoints, k, replication, localDc);
    }
}
