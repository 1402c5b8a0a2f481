package io.basalt.differential;

/** One family of generated requests (tables, items, queries, legacy parameters, batches, streams). */
interface RequestFamily {
    /** A request body: a JSON tree, or a String sent as is (malformed on purpose). */
    record Draft(String operation, boolean streams, Object body) {
        static Draft of(String operation, Object body) {
            return new Draft(operation, false, body);
        }
    }

    Draft next(Model model, Values v);
}
