package io.basalt.engine.catalog;

/** OnDemandThroughput: maximum read/write request units (-1 = no limit set). */
public record OnDemandLimits(long maxReadRequestUnits, long maxWriteRequestUnits) {
    public static final OnDemandLimits NONE = new OnDemandLimits(-1, -1);

    public boolean isSet() {
        return maxReadRequestUnits != -1 || maxWriteRequestUnits != -1;
    }
}
