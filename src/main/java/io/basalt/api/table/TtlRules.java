package io.basalt.api.table;

import io.basalt.engine.TimeSettings;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.TtlChange;
import io.basalt.error.DynamoException;

/**
 * UpdateTimeToLive's rules: what may change from the current TTL state, and how often. The state
 * checks come first (enabling twice says "already enabled"); then a change while the previous one
 * is still ENABLING / DISABLING, or sooner than the configured interval after it (the service:
 * one hour; Basalt: no limit unless --ttl-change-interval-s is set), is refused.
 */
final class TtlRules {
    static final String TOO_SOON = "Time to live has been modified multiple times within a fixed interval";

    private TtlRules() {}

    static TableDefinition change(TableDefinition t, boolean enable, String attributeName, TimeSettings times, long now) {
        String current = t.ttlAttribute();
        if (enable && current != null && current.equals(attributeName)) {
            throw DynamoException.validation("TimeToLive is already enabled");
        }
        if (current != null && !current.equals(attributeName)) {
            throw DynamoException.validation("TimeToLive is active on a different AttributeName: current AttributeName is " + current);
        }
        if (!enable && current == null) {
            throw DynamoException.validation("TimeToLive is already disabled");
        }
        TtlChange last = t.ttlChange();
        if (last != null && (last.inProgress(times.statusDelayMillis(), now) || now - last.atMillis() < times.ttlChangeIntervalMillis())) {
            throw DynamoException.validation(TOO_SOON);
        }
        return t.toBuilder().ttlAttribute(enable ? attributeName : null).ttlChange(new TtlChange(attributeName, enable, now)).build();
    }
}
