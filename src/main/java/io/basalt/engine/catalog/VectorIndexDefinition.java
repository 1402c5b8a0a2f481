package io.basalt.engine.catalog;

import java.util.List;

/**
 * A vector index of a table (CreateTable VectorIndexes, UpdateTable VectorIndexUpdates).
 *
 * @param indexId storage id, unique and never reused (names the index's backfill and, later, its ANN structure)
 * @param vectorAttribute the attribute holding the embedding (a list of numbers)
 * @param distanceFunction COSINE, EUCLIDEAN or DOT_PRODUCT
 * @param searchSchema the HASH and INLINE_FILTER attributes, in the order given
 * @param projectionType KEYS_ONLY, INCLUDE or ALL
 * @param nonKeyAttributes for INCLUDE (empty otherwise)
 * @param status CREATING while it is set up or backfilled, then ACTIVE
 * @param backfilling whether the backfill of existing items is under way (UpdateTable's Create on a table with items)
 */
public record VectorIndexDefinition(String name, long indexId, String vectorAttribute, long dimensions, String distanceFunction,
                                    List<SchemaElement> searchSchema, String projectionType, List<String> nonKeyAttributes,
                                    String status, boolean backfilling) {
    public static final String HASH = "HASH";
    public static final String INLINE_FILTER = "INLINE_FILTER";

    /** One SearchSchema element: its attribute and its role (HASH or INLINE_FILTER). */
    public record SchemaElement(String attributeName, String type) {}

    public VectorIndexDefinition {
        searchSchema = searchSchema == null ? List.of() : List.copyOf(searchSchema);
        nonKeyAttributes = nonKeyAttributes == null ? List.of() : List.copyOf(nonKeyAttributes);
    }

    /** The search schema's HASH attribute (the vector index partition key), or null. */
    public String hashAttribute() {
        for (SchemaElement e : searchSchema) if (HASH.equals(e.type())) return e.attributeName();
        return null;
    }

    public boolean active() {
        return IndexDefinition.ACTIVE.equals(status) && !backfilling;
    }

    /** The same index under another storage id (a new replica's or a restored table's copy). */
    public VectorIndexDefinition withId(long id) {
        return new VectorIndexDefinition(name, id, vectorAttribute, dimensions, distanceFunction, searchSchema, projectionType,
                nonKeyAttributes, status, backfilling);
    }

    public VectorIndexDefinition withStatus(String s, boolean filling) {
        return new VectorIndexDefinition(name, indexId, vectorAttribute, dimensions, distanceFunction, searchSchema, projectionType,
                nonKeyAttributes, s, filling);
    }
}
