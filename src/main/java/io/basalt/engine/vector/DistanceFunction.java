package io.basalt.engine.vector;

/**
 * The distance functions of vector indexes and their scores, as the API Reference defines them:
 * COSINE is 1 - cosine similarity (0 identical .. 2 opposite, lowest first), EUCLIDEAN the
 * Euclidean distance (lowest first), DOT_PRODUCT the dot product (highest first). Components are
 * 32-bit floats (the index's precision); sums are kept in double.
 */
public enum DistanceFunction {
    COSINE(false),
    EUCLIDEAN(false),
    DOT_PRODUCT(true);

    private final boolean higherIsCloser;

    DistanceFunction(boolean higherIsCloser) {
        this.higherIsCloser = higherIsCloser;
    }

    public boolean higherIsCloser() {
        return higherIsCloser;
    }

    /** The score of {@code v} against the query {@code q} (same length); NaN when undefined (a zero vector under COSINE). */
    public double score(float[] q, float[] v) {
        switch (this) {
            case EUCLIDEAN -> {
                double sum = 0;
                for (int i = 0; i < q.length; i++) {
                    double d = (double) q[i] - v[i];
                    sum += d * d;
                }
                return Math.sqrt(sum);
            }
            case DOT_PRODUCT -> {
                double sum = 0;
                for (int i = 0; i < q.length; i++) sum += (double) q[i] * v[i];
                return sum;
            }
            default -> {
                double dot = 0, nq = 0, nv = 0;
                for (int i = 0; i < q.length; i++) {
                    dot += (double) q[i] * v[i];
                    nq += (double) q[i] * q[i];
                    nv += (double) v[i] * v[i];
                }
                if (nq == 0 || nv == 0) return Double.NaN;
                double cos = dot / (Math.sqrt(nq) * Math.sqrt(nv));
                return 1 - Math.max(-1, Math.min(1, cos));
            }
        }
    }

    /** Orders scores closest first. */
    public int compare(double a, double b) {
        return higherIsCloser ? Double.compare(b, a) : Double.compare(a, b);
    }
}
