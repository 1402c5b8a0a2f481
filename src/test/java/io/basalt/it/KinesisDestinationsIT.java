package io.basalt.it;

import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.compat.Covers;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ApproximateCreationDateTimePrecision;
import software.amazon.awssdk.services.dynamodb.model.DestinationStatus;
import software.amazon.awssdk.services.dynamodb.model.KinesisDataStreamDestination;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * Kinesis Data Streams destinations as the live service treats a stream it cannot use (ack-api-quirks
 * DDB-TABLE-268, 299, 302, 318; 2026-10-08/09): Enable answers ENABLING, the entry then fails; entries
 * linger newest first, one per stream; Disable and Update need an ACTIVE destination.
 */
class KinesisDestinationsIT extends ServerTestBase {
    private static final String STATE = "Table is not in a valid state to enable Kinesis Streaming Destination: ";
    private static final String S1 = "arn:aws:kinesis:us-east-1:123456789012:stream/basalt-one";
    private static final String S2 = "arn:aws:kinesis:us-east-1:123456789012:stream/basalt-two";

    private static List<KinesisDataStreamDestination> destinations(String table) {
        return ddb.describeKinesisStreamingDestination(b -> b.tableName(table)).kinesisDataStreamDestinations();
    }

    @Test
    @Covers(operation = "EnableKinesisStreamingDestination", parameters = {"TableName", "StreamArn", "EnableKinesisStreamingConfiguration"})
    @Covers(operation = "DescribeKinesisStreamingDestination", parameters = {"TableName"})
    void enabledDestinationsFailAndLinger() {
        String t = "kds_enable";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-299a: a fresh table has none
        assertEquals(List.of(), destinations(t));
        // DDB-TABLE-318a: the stream is not checked at once
        var enabled = ddb.enableKinesisStreamingDestination(b -> b.tableName(t).streamArn(S1)
                .enableKinesisStreamingConfiguration(c -> c.approximateCreationDateTimePrecision(ApproximateCreationDateTimePrecision.MICROSECOND)));
        assertEquals(DestinationStatus.ENABLING, enabled.destinationStatus());
        assertEquals(S1, enabled.streamArn());
        assertEquals(ApproximateCreationDateTimePrecision.MICROSECOND,
                enabled.enableKinesisStreamingConfiguration().approximateCreationDateTimePrecision());
        // DDB-TABLE-318b/268: then ENABLE_FAILED with the permission text and no precision
        KinesisDataStreamDestination d = destinations(t).get(0);
        assertEquals(DestinationStatus.ENABLE_FAILED, d.destinationStatus());
        assertEquals("User does not have a permission to use kinesis stream", d.destinationStatusDescription());
        assertNull(d.approximateCreationDateTimePrecision());
        // DDB-TABLE-268: another stream adds an entry at the front, the same stream again flips its own
        ddb.enableKinesisStreamingDestination(b -> b.tableName(t).streamArn(S2));
        ddb.enableKinesisStreamingDestination(b -> b.tableName(t).streamArn(S2));
        assertEquals(List.of(S2, S1), destinations(t).stream().map(KinesisDataStreamDestination::streamArn).toList());
    }

    @Test
    @Covers(operation = "DisableKinesisStreamingDestination", parameters = {"TableName", "StreamArn"})
    @Covers(operation = "UpdateKinesisStreamingDestination", parameters = {"TableName", "StreamArn", "UpdateKinesisStreamingConfiguration"})
    void disableAndUpdateNeedAnActiveDestination() {
        String t = "kds_states";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-302: never enabled
        validation(STATE + "KinesisStreamingDestination must be ACTIVE to perform DISABLE operation.",
                () -> ddb.disableKinesisStreamingDestination(b -> b.tableName(t).streamArn(S1)));
        ddb.enableKinesisStreamingDestination(b -> b.tableName(t).streamArn(S1));
        // DDB-TABLE-268: on the failed entry too
        validation(STATE + "KinesisStreamingDestination must be ACTIVE to perform DISABLE operation.",
                () -> ddb.disableKinesisStreamingDestination(b -> b.tableName(t).streamArn(S1)));
        validation(STATE + "Kinesis streaming is not in ACTIVE state. Updates are only allowed in ACTIVE state. TableName: " + t
                        + ", kdsArn: " + S1,
                () -> ddb.updateKinesisStreamingDestination(b -> b.tableName(t).streamArn(S1)
                        .updateKinesisStreamingConfiguration(c -> c.approximateCreationDateTimePrecision(ApproximateCreationDateTimePrecision.MICROSECOND))));
        // DDB-TABLE-070h / 014d: a missing table
        ResourceNotFoundException e = assertThrows(ResourceNotFoundException.class,
                () -> ddb.describeKinesisStreamingDestination(b -> b.tableName("kds_missing")));
        assertEquals("Requested resource not found: Table: kds_missing not found", e.awsErrorDetails().errorMessage());
        // the API model's bounds on StreamArn
        validation("1 validation error detected: Value 'arn:short' at 'streamArn' failed to satisfy constraint: "
                + "Member must have length greater than or equal to 37",
                () -> ddb.enableKinesisStreamingDestination(b -> b.tableName(t).streamArn("arn:short")));
    }
}
