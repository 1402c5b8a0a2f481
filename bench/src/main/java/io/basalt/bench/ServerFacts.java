package io.basalt.bench;

/**
 * One server's facts outside the cells: start-up to the first answered request, RSS when idle (just
 * after start-up), after loading the items, and at the end. -1 where unknown; {@code unavailableReason}
 * is set when the server could not be run.
 */
record ServerFacts(
        String id,
        String label,
        String unavailableReason,
        long startupMillis,
        long idleRssKb,
        long rssAfterLoadKb,
        long rssEndKb,
        long itemsLoaded) {

    boolean available() {
        return unavailableReason == null;
    }

    static ServerFacts unavailable(String id, String label, String why) {
        return new ServerFacts(id, label, why, -1, -1, -1, -1, 0);
    }
}
