package io.basalt.api;

import io.basalt.engine.Engine;
import java.util.HashMap;
import java.util.Map;

/** Every operation of the DynamoDB_20120810 API that Basalt serves, by name. */
public final class OperationRegistry {
    private final Map<String, Operation<?>> operations = new HashMap<>();

    public OperationRegistry(Engine engine) {
        // Control plane (io.basalt.api.table)
        // Items (io.basalt.api.item)
    }

    private void register(Operation<?> op) {
        operations.put(op.name(), op);
    }

    /** The operation for a name, or null when unknown. */
    public Operation<?> find(String name) {
        return operations.get(name);
    }
}
