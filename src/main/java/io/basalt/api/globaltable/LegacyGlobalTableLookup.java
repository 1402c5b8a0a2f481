package io.basalt.api.globaltable;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import java.io.IOException;

/**
 * DescribeGlobalTable, DescribeGlobalTableSettings and UpdateGlobalTableSettings (legacy global
 * tables, {@link LegacyGlobalTables}): each looks a global table up and finds none, so one class
 * serves the three under their names. DescribeGlobalTable's text has a prefix the settings calls'
 * lacks (live 2026-10-08/09, DDB-GLOBALTABLE-004).
 */
public final class LegacyGlobalTableLookup implements Operation<LegacyGlobalTables.Request> {
    private final String name;
    private final boolean prefixed;

    private LegacyGlobalTableLookup(String name, boolean prefixed) {
        this.name = name;
        this.prefixed = prefixed;
    }

    public static LegacyGlobalTableLookup describeGlobalTable() {
        return new LegacyGlobalTableLookup("DescribeGlobalTable", true);
    }

    public static LegacyGlobalTableLookup describeGlobalTableSettings() {
        return new LegacyGlobalTableLookup("DescribeGlobalTableSettings", false);
    }

    public static LegacyGlobalTableLookup updateGlobalTableSettings() {
        return new LegacyGlobalTableLookup("UpdateGlobalTableSettings", false);
    }

    @Override public String name() { return name; }

    @Override
    public LegacyGlobalTables.Request parse(JsonParser p) throws IOException {
        return LegacyGlobalTables.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, LegacyGlobalTables.Request r, JsonGenerator out) {
        r.validate(null);
        throw LegacyGlobalTables.notFound(r.globalTableName(), prefixed);
    }
}
