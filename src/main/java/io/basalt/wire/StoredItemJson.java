package io.basalt.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.model.ItemCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes a stored item as DynamoDB JSON straight from its stored bytes: text goes from UTF-8 to the
 * response without becoming Java strings, and nothing of the model is built. The output equals
 * {@link AttributeValueJson#writeItem} of the decoded item. Used where an item is returned whole
 * (no projection, no filter): GetItem, Query and Scan pages.
 */
public final class StoredItemJson implements ItemCodec.Visitor {
    private final JsonGenerator g;

    private StoredItemJson(JsonGenerator g) {
        this.g = g;
    }

    /** Writes the item stored from {@code offset} of {@code bytes}; returns its size by the service's rules. */
    public static long write(JsonGenerator g, byte[] bytes, int offset) throws IOException {
        try {
            return ItemCodec.visit(bytes, offset, new StoredItemJson(g));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    // Each value but the top-level map is wrapped in its own {"T": ...} object. depth 0 = top level.
    private int depth;
    private final boolean[] inList = new boolean[2 * AttributeValueJson.MAX_DEPTH + 4];

    @Override
    public void beginMap(int size) {
        try {
            if (depth > 0) {
                g.writeStartObject();
                g.writeFieldName("M");
            }
            g.writeStartObject();
            inList[++depth] = false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void name(byte[] utf8, int offset, int length) {
        try {
            g.writeFieldName(new String(utf8, offset, length, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void endMap() {
        try {
            g.writeEndObject();
            if (--depth > 0) g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void beginList(String tag, int size) {
        try {
            g.writeStartObject();
            g.writeArrayFieldStart(tag);
            // sets hold bare elements; a list (L) holds wrapped values
            inList[++depth] = !tag.equals("L");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void endList() {
        try {
            g.writeEndArray();
            g.writeEndObject();
            depth--;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void string(byte[] utf8, int offset, int length) {
        scalar("S", utf8, offset, length, false);
    }

    @Override
    public void plainString(byte[] utf8, int offset, int length) {
        try {
            g.writeStartObject();
            g.writeFieldName("S");
            g.writeRawUTF8String(utf8, offset, length); // checked when stored: nothing to escape
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void number(byte[] text, int offset, int length) {
        scalar("N", text, offset, length, false);
    }

    @Override
    public void binary(byte[] bytes, int offset, int length) {
        scalar("B", bytes, offset, length, true);
    }

    private void scalar(String type, byte[] b, int offset, int length, boolean binary) {
        try {
            boolean bare = inList[depth];
            if (!bare) {
                g.writeStartObject();
                g.writeFieldName(type);
            }
            if (binary) g.writeBinary(b, offset, length);
            else g.writeUTF8String(b, offset, length);
            if (!bare) g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void bool(boolean value) {
        try {
            g.writeStartObject();
            g.writeBooleanField("BOOL", value);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void nul() {
        try {
            g.writeStartObject();
            g.writeBooleanField("NULL", true);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
