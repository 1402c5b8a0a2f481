package io.basalt.wire;

/**
 * The type of a request member as the service's deserializer knows it (a Java class of its model).
 * Only used to word SerializationException messages exactly: the service names the expected class
 * when it finds a JSON list where something else belongs.
 *
 * @param kind what JSON the member takes
 * @param javaName the class name the service prints, e.g.
 *     {@code java.util.Map<java.lang.String, com.amazonaws.dynamodb.v20120810.AttributeValue>}
 * @param shape the model's structure name (structures only), e.g. "ProvisionedThroughput"
 * @param element the element type of a list, the value type of a map
 */
public record WireType(Kind kind, String javaName, String shape, WireType element) {
    public enum Kind { SCALAR, STRUCTURE, LIST, MAP }

    private static final String MODEL_PACKAGE = "com.amazonaws.dynamodb.v20120810.";

    public static final WireType STRING = scalar("java.lang.String");
    public static final WireType BOOLEAN = scalar("java.lang.Boolean");
    public static final WireType INTEGER = scalar("java.lang.Integer");
    public static final WireType LONG = scalar("java.lang.Long");
    public static final WireType BLOB = scalar("java.nio.ByteBuffer");
    public static final WireType TIMESTAMP = scalar("java.util.Date");

    /** A list or map whose element type is not in {@link DynamoShapes}. */
    static final WireType SOME_LIST = new WireType(Kind.LIST, "java.util.List", null, null);
    static final WireType SOME_MAP = new WireType(Kind.MAP, "java.util.Map", null, null);

    public static WireType structure(String shape) {
        return new WireType(Kind.STRUCTURE, MODEL_PACKAGE + shape, shape, null);
    }

    public static WireType list(WireType element) {
        return new WireType(Kind.LIST, "java.util.List<" + element.javaName + ">", null, element);
    }

    public static WireType map(WireType value) {
        return new WireType(Kind.MAP, "java.util.Map<java.lang.String, " + value.javaName + ">", null, value);
    }

    private static WireType scalar(String javaName) {
        return new WireType(Kind.SCALAR, javaName, null, null);
    }

    /** The simple class name, as in "STRING_VALUE cannot be converted to Integer". */
    String simpleName() {
        return javaName.substring(javaName.lastIndexOf('.') + 1);
    }

    /** How the service names this type after "Unrecognized collection type ": classes with "class ". */
    String collectionTypeText() {
        return kind == Kind.MAP || kind == Kind.LIST ? javaName : "class " + javaName;
    }
}
