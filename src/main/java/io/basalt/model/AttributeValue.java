package io.basalt.model;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One DynamoDB attribute value. Immutable by convention: collections held here must not be mutated
 * after construction (update code builds new maps/lists).
 *
 * <p>Sets hold their elements in {@link SetOrder}, whatever order they were sent or built in;
 * equality of sets is unordered (see {@link Values#equalValues}).
 */
public sealed interface AttributeValue {

    AttrType type();

    record S(String value) implements AttributeValue {
        public AttrType type() { return AttrType.S; }
    }

    record N(DNumber value) implements AttributeValue {
        public AttrType type() { return AttrType.N; }
    }

    record B(byte[] value) implements AttributeValue {
        public AttrType type() { return AttrType.B; }
        @Override public boolean equals(Object o) { return o instanceof B b && Arrays.equals(value, b.value); }
        @Override public int hashCode() { return Arrays.hashCode(value); }
        @Override public String toString() { return "B[" + value.length + " bytes]"; }
    }

    record Bool(boolean value) implements AttributeValue {
        public static final Bool TRUE = new Bool(true);
        public static final Bool FALSE = new Bool(false);
        public AttrType type() { return AttrType.BOOL; }
        public static Bool of(boolean b) { return b ? TRUE : FALSE; }
    }

    record Null() implements AttributeValue {
        public static final Null INSTANCE = new Null();
        public AttrType type() { return AttrType.NULL; }
    }

    /** A map; iteration order is the order the client sent (LinkedHashMap). */
    record M(Map<String, AttributeValue> value) implements AttributeValue {
        public AttrType type() { return AttrType.M; }
    }

    record L(List<AttributeValue> value) implements AttributeValue {
        public AttrType type() { return AttrType.L; }
    }

    record SS(List<String> value) implements AttributeValue {
        public SS { value = SetOrder.sorted(value, SetOrder.STRINGS); }
        public AttrType type() { return AttrType.SS; }
        @Override public boolean equals(Object o) { return o instanceof SS s && Values.equalValues(this, s); }
        @Override public int hashCode() { return Values.hash(this); }
    }

    record NS(List<DNumber> value) implements AttributeValue {
        public NS { value = SetOrder.sorted(value, SetOrder.NUMBERS); }
        public AttrType type() { return AttrType.NS; }
        @Override public boolean equals(Object o) { return o instanceof NS s && Values.equalValues(this, s); }
        @Override public int hashCode() { return Values.hash(this); }
    }

    record BS(List<byte[]> value) implements AttributeValue {
        public BS { value = SetOrder.sorted(value, SetOrder.BINARIES); }
        public AttrType type() { return AttrType.BS; }
        @Override public boolean equals(Object o) { return o instanceof BS s && Values.equalValues(this, s); }
        @Override public int hashCode() { return Values.hash(this); }
    }

    static S s(String v) { return new S(v); }
    static N n(String v) { return new N(DNumber.parse(v)); }
    static N n(long v) { return new N(DNumber.of(v)); }
}
