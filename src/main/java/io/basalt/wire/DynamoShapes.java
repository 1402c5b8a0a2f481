package io.basalt.wire;

import static io.basalt.wire.WireType.INTEGER;
import static io.basalt.wire.WireType.STRING;
import static io.basalt.wire.WireType.list;
import static io.basalt.wire.WireType.map;
import static io.basalt.wire.WireType.structure;

import java.util.HashMap;
import java.util.Map;

/**
 * The member types of the DynamoDB_20120810 model that the service's SerializationException texts
 * depend on: structures, lists and maps (their class names appear in messages) and Integer members
 * (the service says "Integer" rather than "Long" for them). Other members are strings, booleans,
 * longs or blobs, which the reading method already tells. Request shapes are named
 * {@code <Operation>Input}, as in the service's model.
 */
final class DynamoShapes {
    private static final Map<String, Map<String, WireType>> MEMBERS = new HashMap<>();

    static {
        WireType value = structure("AttributeValue");
        WireType values = map(value);
        WireType names = map(STRING);
        WireType strings = list(STRING);
        WireType keySchema = list(structure("KeySchemaElement"));
        WireType projection = structure("Projection");
        WireType throughput = structure("ProvisionedThroughput");
        WireType onDemand = structure("OnDemandThroughput");
        WireType warm = structure("WarmThroughput");
        WireType expected = map(structure("ExpectedAttributeValue"));
        WireType conditions = map(structure("Condition"));

        members("AttributeValue", "M", values, "L", list(value), "SS", strings, "NS", strings,
                "BS", list(WireType.BLOB));
        members("ExpectedAttributeValue", "Value", value, "AttributeValueList", list(value));
        members("Condition", "AttributeValueList", list(value));
        members("AttributeValueUpdate", "Value", value);

        members("CreateTableInput", "AttributeDefinitions", list(structure("AttributeDefinition")),
                "KeySchema", keySchema, "LocalSecondaryIndexes", list(structure("LocalSecondaryIndex")),
                "GlobalSecondaryIndexes", list(structure("GlobalSecondaryIndex")), "ProvisionedThroughput", throughput,
                "StreamSpecification", structure("StreamSpecification"), "SSESpecification", structure("SSESpecification"),
                "Tags", list(structure("Tag")), "OnDemandThroughput", onDemand, "WarmThroughput", warm);
        members("LocalSecondaryIndex", "KeySchema", keySchema, "Projection", projection);
        members("GlobalSecondaryIndex", "KeySchema", keySchema, "Projection", projection,
                "ProvisionedThroughput", throughput, "OnDemandThroughput", onDemand, "WarmThroughput", warm);
        members("Projection", "NonKeyAttributes", strings);
        members("UpdateTableInput", "AttributeDefinitions", list(structure("AttributeDefinition")),
                "ProvisionedThroughput", throughput,
                "GlobalSecondaryIndexUpdates", list(structure("GlobalSecondaryIndexUpdate")),
                "StreamSpecification", structure("StreamSpecification"), "SSESpecification", structure("SSESpecification"),
                "OnDemandThroughput", onDemand, "WarmThroughput", warm);
        members("GlobalSecondaryIndexUpdate", "Update", structure("UpdateGlobalSecondaryIndexAction"),
                "Create", structure("CreateGlobalSecondaryIndexAction"), "Delete", structure("DeleteGlobalSecondaryIndexAction"));
        members("UpdateGlobalSecondaryIndexAction", "ProvisionedThroughput", throughput, "OnDemandThroughput", onDemand,
                "WarmThroughput", warm);
        members("CreateGlobalSecondaryIndexAction", "KeySchema", keySchema, "Projection", projection,
                "ProvisionedThroughput", throughput, "OnDemandThroughput", onDemand, "WarmThroughput", warm);
        members("UpdateTimeToLiveInput", "TimeToLiveSpecification", structure("TimeToLiveSpecification"));
        members("TagResourceInput", "Tags", list(structure("Tag")));
        members("UntagResourceInput", "TagKeys", strings);
        members("ListTablesInput", "Limit", INTEGER);

        members("PutItemInput", "Item", values, "Expected", expected, "ExpressionAttributeNames", names,
                "ExpressionAttributeValues", values);
        members("GetItemInput", "Key", values, "AttributesToGet", strings, "ExpressionAttributeNames", names);
        members("UpdateItemInput", "Key", values, "AttributeUpdates", map(structure("AttributeValueUpdate")),
                "Expected", expected, "ExpressionAttributeNames", names, "ExpressionAttributeValues", values);
        members("DeleteItemInput", "Key", values, "Expected", expected, "ExpressionAttributeNames", names,
                "ExpressionAttributeValues", values);
        members("QueryInput", "Limit", INTEGER, "KeyConditions", conditions, "QueryFilter", conditions,
                "ExclusiveStartKey", values, "AttributesToGet", strings, "ExpressionAttributeNames", names,
                "ExpressionAttributeValues", values);
        members("ScanInput", "Limit", INTEGER, "Segment", INTEGER, "TotalSegments", INTEGER, "ScanFilter", conditions,
                "ExclusiveStartKey", values, "AttributesToGet", strings, "ExpressionAttributeNames", names,
                "ExpressionAttributeValues", values);

        members("BatchGetItemInput", "RequestItems", map(structure("KeysAndAttributes")));
        members("KeysAndAttributes", "Keys", list(values), "AttributesToGet", strings, "ExpressionAttributeNames", names);
        members("BatchWriteItemInput", "RequestItems", map(list(structure("WriteRequest"))));
        members("WriteRequest", "PutRequest", structure("PutRequest"), "DeleteRequest", structure("DeleteRequest"));
        members("PutRequest", "Item", values);
        members("DeleteRequest", "Key", values);
        members("TransactWriteItemsInput", "TransactItems", list(structure("TransactWriteItem")));
        members("TransactWriteItem", "ConditionCheck", structure("ConditionCheck"), "Put", structure("Put"),
                "Delete", structure("Delete"), "Update", structure("Update"));
        for (String keyed : new String[] {"ConditionCheck", "Delete", "Update"}) {
            members(keyed, "Key", values, "ExpressionAttributeNames", names, "ExpressionAttributeValues", values);
        }
        members("Put", "Item", values, "ExpressionAttributeNames", names, "ExpressionAttributeValues", values);
        members("TransactGetItemsInput", "TransactItems", list(structure("TransactGetItem")));
        members("TransactGetItem", "Get", structure("Get"));
        members("Get", "Key", values, "ExpressionAttributeNames", names);
        members("ExecuteStatementInput", "Parameters", list(value), "Limit", INTEGER);
        members("BatchExecuteStatementInput", "Statements", list(structure("BatchStatementRequest")));
        members("BatchStatementRequest", "Parameters", list(value));
        members("ExecuteTransactionInput", "TransactStatements", list(structure("ParameterizedStatement")));
        members("ParameterizedStatement", "Parameters", list(value));
    }

    private DynamoShapes() {}

    private static void members(String shape, Object... nameTypePairs) {
        Map<String, WireType> m = MEMBERS.computeIfAbsent(shape, s -> new HashMap<>());
        for (int i = 0; i < nameTypePairs.length; i += 2) {
            m.put((String) nameTypePairs[i], (WireType) nameTypePairs[i + 1]);
        }
    }

    /** The declared type of a structure's member, or null when it is a plain scalar or unknown here. */
    static WireType member(String shape, String member) {
        Map<String, WireType> m = MEMBERS.get(shape);
        return m == null || member == null ? null : m.get(member);
    }
}
