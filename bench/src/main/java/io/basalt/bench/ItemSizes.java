package io.basalt.bench;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DynamoDB's item size (attribute name bytes + value bytes), used for the scan workload's MB/s. Numbers
 * count as their digits' length, a close-enough stand-in for the service's 1 byte per 2 digits + 1.
 */
final class ItemSizes {
    private ItemSizes() {}

    static long of(Map<String, AttributeValue> item) {
        long size = 0;
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            size += utf8Length(e.getKey()) + of(e.getValue());
        }
        return size;
    }

    static long ofAll(List<Map<String, AttributeValue>> items) {
        long size = 0;
        for (Map<String, AttributeValue> item : items) size += of(item);
        return size;
    }

    private static long of(AttributeValue v) {
        return switch (v.type()) {
            case S -> utf8Length(v.s());
            case N -> v.n().length();
            case B -> v.b().asByteArrayUnsafe().length;
            case BOOL, NUL -> 1;
            case SS -> v.ss().stream().mapToLong(ItemSizes::utf8Length).sum();
            case NS -> v.ns().stream().mapToLong(String::length).sum();
            case BS -> v.bs().stream().mapToLong(b -> b.asByteArrayUnsafe().length).sum();
            case L -> 3 + v.l().stream().mapToLong(x -> 1 + of(x)).sum();
            case M -> 3 + v.m().entrySet().stream().mapToLong(e -> 1 + utf8Length(e.getKey()) + of(e.getValue())).sum();
            default -> 0;
        };
    }

    static long utf8Length(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) n++;
            else if (c < 0x800) n += 2;
            else if (Character.isHighSurrogate(c)) { n += 4; i++; }
            else n += 3;
        }
        return n;
    }

}
