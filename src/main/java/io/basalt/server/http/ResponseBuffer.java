package io.basalt.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;

/**
 * A response body built aside before it is sent (an error half-way replaces what was written), one
 * per worker or event-loop thread and reused. It grows by adding 64 KB chunks rather than by
 * doubling and copying one array: a 1 MB Scan page used to allocate 4 MB of arrays on the way, all
 * of it live at once when many pages were built together. The first two chunks (80 KB) are kept
 * between requests.
 */
final class ResponseBuffer extends OutputStream {
    private static final int FIRST = 16 * 1024;
    private static final int CHUNK = 64 * 1024;
    private static final int KEEP = 1;

    private final ArrayList<byte[]> chunks = new ArrayList<>();
    private byte[] current;
    private int index;
    private int pos;

    ResponseBuffer() {
        current = new byte[FIRST];
        chunks.add(current);
    }

    @Override
    public void write(int b) {
        if (pos == current.length) advance();
        current[pos++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        while (len > 0) {
            if (pos == current.length) advance();
            int n = Math.min(len, current.length - pos);
            System.arraycopy(b, off, current, pos, n);
            pos += n;
            off += n;
            len -= n;
        }
    }

    private void advance() {
        index++;
        if (index == chunks.size()) chunks.add(new byte[CHUNK]);
        current = chunks.get(index);
        pos = 0;
    }

    /** Bytes written since the last {@link #reset}. */
    int size() {
        int n = pos;
        for (int i = 0; i < index; i++) n += chunks.get(i).length;
        return n;
    }

    void writeTo(OutputStream out) throws IOException {
        for (int i = 0; i < index; i++) out.write(chunks.get(i));
        out.write(current, 0, pos);
    }

    /** Empties the buffer and lets go of the chunks a large response added beyond the few kept. */
    void reset() {
        for (int i = chunks.size() - 1; i > KEEP; i--) chunks.remove(i);
        index = 0;
        pos = 0;
        current = chunks.get(0);
    }
}
