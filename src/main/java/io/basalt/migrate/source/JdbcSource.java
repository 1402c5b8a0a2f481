package io.basalt.migrate.source;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;

/**
 * A relational source reached by a JDBC URL. PostgreSQL, MariaDB/MySQL and SQLite drivers are
 * bundled; other drivers come from {@code --driver-jar} files, loaded in their own class loader.
 */
public final class JdbcSource {
    private JdbcSource() {}

    public static Connection connect(String url, String user, String password, List<Path> driverJars) throws SQLException {
        Properties props = new Properties();
        if (user != null) props.setProperty("user", user);
        if (password != null) props.setProperty("password", password);
        if (!driverJars.isEmpty()) {
            List<URL> urls = new ArrayList<>();
            for (Path p : driverJars) {
                try {
                    urls.add(p.toUri().toURL());
                } catch (MalformedURLException e) {
                    throw new SQLException("driver jar " + p + ": " + e.getMessage());
                }
            }
            // DriverManager ignores drivers of other class loaders: ask the jar's drivers directly
            URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), JdbcSource.class.getClassLoader());
            for (Driver d : ServiceLoader.load(Driver.class, loader)) {
                if (d.acceptsURL(url)) return patient(d.connect(url, props));
            }
        }
        try {
            return patient(DriverManager.getConnection(url, props));
        } catch (SQLException e) {
            String suggestion = suggestion(url);
            if (suggestion == null || !"08001".equals(e.getSQLState())) throw e;
            throw new SQLException(e.getMessage() + " (did you mean " + suggestion + "?)", e.getSQLState(), e);
        }
    }

    /** The URL a common misspelling of a bundled driver's scheme meant, or null. */
    private static String suggestion(String url) {
        for (String[] s : new String[][] {{"jdbc:postgres:", "jdbc:postgresql:"}, {"jdbc:pg:", "jdbc:postgresql:"}, {"jdbc:maria:", "jdbc:mariadb:"},
                {"jdbc:sqlite3:", "jdbc:sqlite:"}, {"postgresql:", "jdbc:postgresql:"}, {"postgres:", "jdbc:postgresql:"}, {"mysql:", "jdbc:mysql:"},
                {"mariadb:", "jdbc:mariadb:"}}) {
            if (url.startsWith(s[0])) return s[1] + url.substring(s[0].length());
        }
        return null;
    }

    /**
     * MariaDB and MySQL abort a streamed result whose reader pauses longer than net_write_timeout
     * (60 s by default), and a verify of millions of rows that checks each one against the target
     * reads that slowly: the session gets an hour. Its time_zone is UTC, so TIMESTAMP columns read
     * as the UTC time the binlog holds, whatever the server's or this JVM's zone.
     */
    private static Connection patient(Connection c) throws SQLException {
        if (dialect(c).equals("mysql")) {
            try (java.sql.Statement st = c.createStatement()) {
                st.execute("SET SESSION net_write_timeout = 3600, net_read_timeout = 3600, time_zone = '+00:00'");
            }
        }
        return c;
    }

    /** The kind of database behind a connection, for the few statements that differ. */
    public static String dialect(Connection c) throws SQLException {
        String product = c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT);
        if (product.contains("postgres")) return "postgresql";
        if (product.contains("mariadb") || product.contains("mysql")) return "mysql";
        if (product.contains("sqlite")) return "sqlite";
        return product;
    }

    /** Quotes an identifier for the connection's database. */
    public static String quote(Connection c, String identifier) throws SQLException {
        String q = c.getMetaData().getIdentifierQuoteString();
        if (q == null || q.isBlank()) return identifier;
        q = q.trim();
        return q + identifier.replace(q, q + q) + q;
    }
}
