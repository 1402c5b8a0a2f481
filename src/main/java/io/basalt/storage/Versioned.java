package io.basalt.storage;

/**
 * A stored value with the version of the commit that wrote it. Versions are unique and increase
 * across the whole store (never reused, not even after a restart), so a compare-and-set on a version
 * cannot be fooled by a delete and re-create in between (no ABA).
 */
public record Versioned(byte[] value, long version) {}
