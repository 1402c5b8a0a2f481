package io.basalt.engine.query;

/** A storage key range [from, to) and the walk direction. */
public record KeyRange(byte[] from, byte[] to, boolean reverse) {}
