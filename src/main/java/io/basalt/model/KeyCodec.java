package io.basalt.model;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Order-preserving binary keys. Persistent format: never change it for existing data.
 *
 * <pre>
 * item key:  [table id: 8 bytes BE][hash(enc(pk)): 8 bytes BE][enc(pk)][enc(sk)]
 * index key: [index id: 8 bytes BE][hash(enc(ipk)): 8 bytes BE][enc(ipk)][enc(isk)][enc(pk)][enc(sk)]
 * </pre>
 * Encodings are self-delimiting, so a partition's items are exactly the keys under its prefix, and
 * unsigned byte order equals DynamoDB's order:
 * <ul>
 *   <li>S (UTF-8) and B: bytes with 0x00 escaped as 0x00 0xFF, terminated by 0x00 0x01.</li>
 *   <li>N: sign byte (0x01 negative, 0x02 zero, 0x03 positive), then for non-zero values the decimal
 *       exponent E (value = 0.d1d2.. x 10^E) as 2 bytes (E + 1000) and the digits as bytes d+1
 *       terminated by 0x00; negative values store the complement of all bytes after the sign, so
 *       larger magnitudes sort first.</li>
 * </ul>
 * The partition hash is FNV-1a 64 over enc(pk) followed by the murmur3 fmix64 finalizer, compared
 * unsigned; Scan walks this hash order and parallel-scan segments split its range.
 */
public final class KeyCodec {
    public static final int PREFIX_BYTES = 16;

    private KeyCodec() {}

    // ------------------------------------------------------------------ layouts

    public static byte[] itemKey(long tableId, AttributeValue pk, AttributeValue skOrNull) {
        byte[] epk = encode(pk);
        byte[] esk = skOrNull == null ? new byte[0] : encode(skOrNull);
        byte[] out = new byte[PREFIX_BYTES + epk.length + esk.length];
        putLong(out, 0, tableId);
        putLong(out, 8, hash(epk));
        System.arraycopy(epk, 0, out, PREFIX_BYTES, epk.length);
        System.arraycopy(esk, 0, out, PREFIX_BYTES + epk.length, esk.length);
        return out;
    }

    /**
     * [id][hash(enc(h1)..enc(hn))][enc(h1)..enc(hn)][enc(r1)..enc(rk)]: the prefix of the entries of
     * a (possibly multi-attribute) partition whose first k sort attributes equal the given values.
     * For one partition attribute and no sort values this equals {@link #partitionPrefix}.
     */
    public static byte[] compositePrefix(long id, List<AttributeValue> hashValues, List<AttributeValue> rangeValues) {
        byte[][] parts = new byte[hashValues.size() + rangeValues.size()][];
        int hashLen = 0, len = 0;
        for (int i = 0; i < hashValues.size(); i++) {
            parts[i] = encode(hashValues.get(i));
            hashLen += parts[i].length;
        }
        for (int i = 0; i < rangeValues.size(); i++) parts[hashValues.size() + i] = encode(rangeValues.get(i));
        for (byte[] b : parts) len += b.length;
        byte[] out = new byte[PREFIX_BYTES + len];
        putLong(out, 0, id);
        int p = PREFIX_BYTES;
        for (byte[] b : parts) {
            System.arraycopy(b, 0, out, p, b.length);
            p += b.length;
        }
        putLong(out, 8, hash(Arrays.copyOfRange(out, PREFIX_BYTES, PREFIX_BYTES + hashLen)));
        return out;
    }

    /** Index entry key with multi-attribute index keys, followed by the table key. */
    public static byte[] compositeIndexKey(long indexId, List<AttributeValue> hashValues, List<AttributeValue> rangeValues,
                                           AttributeValue pk, AttributeValue skOrNull) {
        byte[] head = compositePrefix(indexId, hashValues, rangeValues);
        byte[] epk = encode(pk);
        byte[] esk = skOrNull == null ? new byte[0] : encode(skOrNull);
        byte[] out = Arrays.copyOf(head, head.length + epk.length + esk.length);
        System.arraycopy(epk, 0, out, head.length, epk.length);
        System.arraycopy(esk, 0, out, head.length + epk.length, esk.length);
        return out;
    }

    /** Every item of one item collection starts with this prefix. */
    public static byte[] partitionPrefix(long tableId, AttributeValue pk) {
        return itemKey(tableId, pk, null);
    }

    /** Prefix of a partition followed by an encoded sort key (a seek position inside the partition). */
    public static byte[] withSortKey(byte[] partitionPrefix, AttributeValue sk) {
        byte[] esk = encode(sk);
        byte[] out = Arrays.copyOf(partitionPrefix, partitionPrefix.length + esk.length);
        System.arraycopy(esk, 0, out, partitionPrefix.length, esk.length);
        return out;
    }

    public static byte[] indexKey(long indexId, AttributeValue ipk, AttributeValue iskOrNull,
                                  AttributeValue pk, AttributeValue skOrNull) {
        return compositeIndexKey(indexId, List.of(ipk), iskOrNull == null ? List.of() : List.of(iskOrNull), pk, skOrNull);
    }

    public static byte[] tablePrefix(long tableId) {
        byte[] out = new byte[8];
        putLong(out, 0, tableId);
        return out;
    }

    public static byte[] tableEnd(long tableId) {
        return prefixEnd(tablePrefix(tableId));
    }

    /** First key of the table at or after a partition hash (unsigned): parallel-scan segments. */
    public static byte[] hashRangeStart(long tableId, long hashLowerBound) {
        byte[] out = new byte[16];
        putLong(out, 0, tableId);
        putLong(out, 8, hashLowerBound);
        return out;
    }

    /** The smallest key greater than every key starting with {@code prefix}; null if none exists. */
    public static byte[] prefixEnd(byte[] prefix) {
        byte[] out = Arrays.copyOf(prefix, prefix.length);
        for (int i = out.length - 1; i >= 0; i--) {
            if (out[i] != (byte) 0xFF) {
                out[i]++;
                return Arrays.copyOf(out, i + 1);
            }
        }
        return null;
    }

    /** Key values decoded from a stored key. */
    public record Decoded(AttributeValue pk, AttributeValue sk, int end) {}

    /** Decodes [id][hash][pk][sk] given the key types (rangeType null when no sort key). */
    public static Decoded decodeItemKey(byte[] key, AttrType hashType, AttrType rangeType) {
        return decodeAt(key, PREFIX_BYTES, hashType, rangeType);
    }

    /** Decodes the base-table key that follows the index key part of an index entry. */
    public static Decoded decodeIndexKey(byte[] key, AttrType ipkType, AttrType iskType, AttrType pkType, AttrType skType) {
        Decoded idx = decodeAt(key, PREFIX_BYTES, ipkType, iskType);
        Decoded base = decodeAt(key, idx.end(), pkType, skType);
        return base;
    }

    public static Decoded decodeIndexPart(byte[] key, AttrType ipkType, AttrType iskType) {
        return decodeAt(key, PREFIX_BYTES, ipkType, iskType);
    }

    private static Decoded decodeAt(byte[] key, int offset, AttrType hashType, AttrType rangeType) {
        int[] pos = {offset};
        AttributeValue pk = decode(key, pos, hashType);
        AttributeValue sk = rangeType == null ? null : decode(key, pos, rangeType);
        return new Decoded(pk, sk, pos[0]);
    }

    public static long hashOf(byte[] key) {
        long h = 0;
        for (int i = 8; i < 16; i++) h = (h << 8) | (key[i] & 0xFF);
        return h;
    }

    // ------------------------------------------------------------------ values

    public static byte[] encode(AttributeValue v) {
        return switch (v) {
            case AttributeValue.S s -> escape(s.value().getBytes(StandardCharsets.UTF_8));
            case AttributeValue.B b -> escape(b.value());
            case AttributeValue.N n -> encodeNumber(n.value());
            default -> throw new IllegalArgumentException("not a key type: " + v.type());
        };
    }

    /**
     * The encoding of an S or B value without its terminator: every encoded value that begins with
     * {@code prefix} (begins_with) starts with these bytes.
     */
    public static byte[] encodePrefix(AttributeValue prefix) {
        byte[] full = encode(prefix);
        return Arrays.copyOf(full, full.length - 2);
    }

    /** The smallest key greater than {@code key} (for exclusive lower bounds). */
    public static byte[] successor(byte[] key) {
        return Arrays.copyOf(key, key.length + 1);
    }

    /** Concatenates byte arrays. */
    public static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    private static byte[] escape(byte[] raw) {
        int zeros = 0;
        for (byte b : raw) if (b == 0) zeros++;
        byte[] out = new byte[raw.length + zeros + 2];
        int p = 0;
        for (byte b : raw) {
            out[p++] = b;
            if (b == 0) out[p++] = (byte) 0xFF;
        }
        out[p++] = 0;
        out[p] = 1;
        return out;
    }

    static byte[] encodeNumber(DNumber n) {
        BigDecimal v = n.value();
        if (v.signum() == 0) return new byte[] {2};
        String digits = v.unscaledValue().abs().toString();
        int exponent = digits.length() - v.scale(); // value = 0.digits x 10^exponent
        byte[] out = new byte[1 + 2 + digits.length() + 1];
        boolean negative = v.signum() < 0;
        out[0] = (byte) (negative ? 1 : 3);
        int e = exponent + 1000;
        out[1] = (byte) (e >>> 8);
        out[2] = (byte) e;
        for (int i = 0; i < digits.length(); i++) out[3 + i] = (byte) (digits.charAt(i) - '0' + 1);
        out[out.length - 1] = 0;
        if (negative) {
            for (int i = 1; i < out.length; i++) out[i] = (byte) ~out[i];
        }
        return out;
    }

    private static AttributeValue decode(byte[] key, int[] pos, AttrType type) {
        return switch (type) {
            case S -> new AttributeValue.S(new String(unescape(key, pos), StandardCharsets.UTF_8));
            case B -> new AttributeValue.B(unescape(key, pos));
            case N -> new AttributeValue.N(decodeNumber(key, pos));
            default -> throw new IllegalArgumentException("not a key type: " + type);
        };
    }

    private static byte[] unescape(byte[] key, int[] pos) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int p = pos[0];
        while (true) {
            byte b = key[p++];
            if (b == 0) {
                byte next = key[p++];
                if (next == 1) break;
                out.write(0); // 0x00 0xFF is an escaped zero
            } else {
                out.write(b);
            }
        }
        pos[0] = p;
        return out.toByteArray();
    }

    private static DNumber decodeNumber(byte[] key, int[] pos) {
        int p = pos[0];
        byte sign = key[p++];
        if (sign == 2) {
            pos[0] = p;
            return DNumber.ZERO;
        }
        boolean negative = sign == 1;
        int hi = key[p++] & 0xFF, lo = key[p++] & 0xFF;
        if (negative) { hi = ~hi & 0xFF; lo = ~lo & 0xFF; }
        int exponent = ((hi << 8) | lo) - 1000;
        StringBuilder digits = new StringBuilder();
        while (true) {
            int b = key[p++] & 0xFF;
            if (negative) b = ~b & 0xFF;
            if (b == 0) break;
            digits.append((char) ('0' + b - 1));
        }
        pos[0] = p;
        BigDecimal value = new BigDecimal(new BigInteger(digits.toString()), digits.length() - exponent);
        return DNumber.of(negative ? value.negate() : value);
    }

    // ------------------------------------------------------------------ hashing

    /** FNV-1a 64 + fmix64: stable forever (it places every stored item). */
    public static long hash(byte[] data) {
        long h = 0xcbf29ce484222325L;
        for (byte b : data) {
            h ^= (b & 0xFF);
            h *= 0x100000001b3L;
        }
        return fmix64(h);
    }

    /** The final mixing step of {@link #hash} (MurmurHash3's fmix64), for hashes fed incrementally. */
    public static long fmix64(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    private static void putLong(byte[] b, int off, long v) {
        for (int i = 7; i >= 0; i--) {
            b[off + i] = (byte) v;
            v >>>= 8;
        }
    }
}
