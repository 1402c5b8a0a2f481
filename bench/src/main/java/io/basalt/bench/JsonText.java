package io.basalt.bench;

/** Just enough JSON writing for the results files (no reflection, no dependency). */
final class JsonText {
    private final StringBuilder sb = new StringBuilder();
    private boolean needComma;

    JsonText open(char bracket) {
        comma();
        sb.append(bracket);
        needComma = false;
        return this;
    }

    JsonText close(char bracket) {
        sb.append(bracket);
        needComma = true;
        return this;
    }

    JsonText key(String name) {
        comma();
        string(name);
        sb.append(':');
        needComma = false;
        return this;
    }

    JsonText value(String s) {
        comma();
        if (s == null) sb.append("null");
        else string(s);
        needComma = true;
        return this;
    }

    JsonText value(double d) {
        comma();
        if (Double.isNaN(d) || Double.isInfinite(d)) sb.append("null");
        else if (d == Math.rint(d) && Math.abs(d) < 1e15) sb.append((long) d);
        else sb.append(String.format(java.util.Locale.ROOT, "%.3f", d));
        needComma = true;
        return this;
    }

    JsonText value(long v) {
        comma();
        sb.append(v);
        needComma = true;
        return this;
    }

    JsonText field(String name, String v) {
        return key(name).value(v);
    }

    JsonText field(String name, double v) {
        return key(name).value(v);
    }

    JsonText field(String name, long v) {
        return key(name).value(v);
    }

    private void comma() {
        if (needComma) sb.append(',');
    }

    private void string(String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) sb.append(String.format("\\u%04x", (int) c));
                    else sb.append(c);
                }
            }
        }
        sb.append('"');
    }

    @Override
    public String toString() {
        return sb.toString();
    }
}
