package io.basalt.storage;

import java.util.Arrays;

/**
 * A stored value with the version of the commit that wrote it. A key's versions increase with every
 * commit to it and are not reused after a delete (store-wide counters on RocksDB and memory; on
 * Cassandra hybrid-clock values with a node tag, unique unless two nodes' clocks and tags coincide
 * in the same microsecond), so a compare-and-set on a version is not fooled by a delete and re-create
 * in between (no ABA). Compare versions only for equality.
 *
 * <p>The value is {@code bytes} from {@code offset} to the end: an engine may hand out the array it
 * read, header included, so readers that can decode in place skip a copy of every item read.
 */
public record Versioned(byte[] bytes, int offset, long version) {
    public Versioned(byte[] value, long version) {
        this(value, 0, version);
    }

    /** The value alone (a copy when it sits behind a header). */
    public byte[] value() {
        return offset == 0 ? bytes : Arrays.copyOfRange(bytes, offset, bytes.length);
    }
}
