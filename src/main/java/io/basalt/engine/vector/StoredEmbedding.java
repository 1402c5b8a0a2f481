package io.basalt.engine.vector;

import io.basalt.model.ItemCodec;
import java.nio.charset.StandardCharsets;

/**
 * Reads one attribute's embedding straight from a stored item's bytes (no decoding of the item):
 * the exact search compares every vector of the table, and most items are never needed whole.
 * Not thread-safe: one per search.
 */
final class StoredEmbedding implements ItemCodec.Visitor {
    private final byte[] attribute;
    private final int dimensions;
    private float[] vector;
    private int depth, filled;
    /** 0: not in the attribute; 1: its value comes next; 2: inside its list; -1: not a vector. */
    private int state;

    StoredEmbedding(String attribute, long dimensions) {
        this.attribute = attribute.getBytes(StandardCharsets.UTF_8);
        this.dimensions = (int) dimensions;
    }

    /** The embedding of the item stored from {@code offset}, or null when it has none of the right form and size. */
    float[] read(byte[] bytes, int offset) {
        vector = null;
        depth = 0;
        filled = 0;
        state = 0;
        ItemCodec.visit(bytes, offset, this);
        return vector != null && filled == dimensions ? vector : null;
    }

    @Override
    public void beginMap(int size) {
        if (state == 1 || state == 2) state = -1; // an M where the vector should be, or inside its list
        depth++;
    }

    @Override
    public void name(byte[] utf8, int offset, int length) {
        if (depth == 1 && state == 0 && java.util.Arrays.equals(utf8, offset, offset + length, attribute, 0, attribute.length)) state = 1;
    }

    @Override
    public void endMap() {
        depth--;
    }

    @Override
    public void beginList(String tag, int size) {
        if (state == 1) {
            if ("L".equals(tag) && size == dimensions) {
                vector = new float[dimensions];
                state = 2;
            } else {
                state = -1;
            }
        } else if (state == 2) {
            state = -1; // a list inside the list
        }
        depth++;
    }

    @Override
    public void endList() {
        depth--;
        if (state == 2 && depth == 1) state = 3; // the vector's list is done
    }

    @Override
    public void number(byte[] text, int offset, int length) {
        if (state == 1) {
            state = -1;
        } else if (state == 2 && depth == 2) {
            float f = Float.parseFloat(new String(text, offset, length, StandardCharsets.US_ASCII));
            if (Float.isInfinite(f)) state = -1;
            else vector[filled++] = f;
        }
    }

    private void notAVector() {
        if (state == 1 || state == 2) state = -1;
    }

    @Override
    public void string(byte[] utf8, int offset, int length) {
        notAVector();
    }

    @Override
    public void binary(byte[] bytes, int offset, int length) {
        notAVector();
    }

    @Override
    public void bool(boolean value) {
        notAVector();
    }

    @Override
    public void nul() {
        notAVector();
    }
}
