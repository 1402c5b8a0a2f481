package io.basalt.it;

import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TableClass;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;

/**
 * Control-plane answers as the live service gives them, from the "ack-api-quirks" DynamoDB notes
 * (lab runs 2026-10-08/09); each assertion names the note's entry id.
 */
class ControlPlaneLiveIT extends ServerTestBase {
    private static final String INVALID = "One or more parameter values were invalid: ";

    private static void updateFails(String table, String message, Consumer<UpdateTableRequest.Builder> change) {
        validation(message, () -> ddb.updateTable(b -> change.accept(b.tableName(table))));
    }

    private static TableDescription describe(String table) {
        return ddb.describeTable(b -> b.tableName(table)).table();
    }

    private static void provisionedTable(String name) {
        ddb.createTable(b -> b.tableName(name).billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(p -> p.readCapacityUnits(10L).writeCapacityUnits(10L))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"DeletionProtectionEnabled", "SSESpecification", "TableClass",
            "StreamSpecification", "OnDemandThroughput", "WarmThroughput", "BillingMode"})
    void oneConcernPerCallOnAPayPerRequestTable() {
        String t = "cp_concern_ppr";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-382 / DDB-TABLE-433 (live 2026-10-09): pairs refused, nothing applied
        String dp = INVALID + "DeletionProtection modification must be the only operation in the request";
        updateFails(t, dp, b -> b.deletionProtectionEnabled(true).streamSpecification(s -> s.streamEnabled(true)
                .streamViewType(StreamViewType.KEYS_ONLY)));
        TableDescription d = describe(t);
        assertFalse(d.deletionProtectionEnabled(), "DDB-TABLE-433: nothing applied");
        assertNull(d.streamSpecification(), "DDB-TABLE-433: nothing applied");
        updateFails(t, dp, b -> b.deletionProtectionEnabled(true).billingMode(BillingMode.PAY_PER_REQUEST));
        updateFails(t, dp, b -> b.deletionProtectionEnabled(true).onDemandThroughput(o -> o.maxReadRequestUnits(10L)));
        updateFails(t, dp, b -> b.warmThroughput(w -> w.readUnitsPerSecond(13000L)).deletionProtectionEnabled(true));
        String sse = INVALID + "Server-Side Encryption modification must be the only operation in the request";
        updateFails(t, sse, b -> b.sseSpecification(s -> s.enabled(true)).deletionProtectionEnabled(true));
        updateFails(t, sse, b -> b.sseSpecification(s -> s.enabled(true)).streamSpecification(s -> s.streamEnabled(true)
                .streamViewType(StreamViewType.KEYS_ONLY)));
        updateFails(t, sse, b -> b.sseSpecification(s -> s.enabled(true)).tableClass(TableClass.STANDARD_INFREQUENT_ACCESS));
        String cls = INVALID + "TableClass modification must be the only operation in the request";
        updateFails(t, cls, b -> b.tableClass(TableClass.STANDARD_INFREQUENT_ACCESS).deletionProtectionEnabled(true));
        updateFails(t, cls, b -> b.tableClass(TableClass.STANDARD_INFREQUENT_ACCESS).streamSpecification(s -> s
                .streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        updateFails(t, INVALID + "WarmThroughput must be the only operation in the request",
                b -> b.warmThroughput(w -> w.readUnitsPerSecond(13000L)).streamSpecification(s -> s.streamEnabled(true)
                        .streamViewType(StreamViewType.KEYS_ONLY)));
        String odt = INVALID + "OnDemandThroughput can only be combined with BillingMode in an UpdateTable request";
        updateFails(t, odt, b -> b.onDemandThroughput(o -> o.maxReadRequestUnits(10L)).streamSpecification(s -> s
                .streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        updateFails(t, odt, b -> b.onDemandThroughput(o -> o.maxReadRequestUnits(10L)).warmThroughput(w -> w.readUnitsPerSecond(13000L)));
        updateFails(t, INVALID + "You cannot modify stream status while updating table IOPS",
                b -> b.billingMode(BillingMode.PROVISIONED).provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        // DDB-TABLE-433: BillingMode=PAY_PER_REQUEST + OnDemandThroughput is the accepted pair
        ddb.updateTable(b -> b.tableName(t).billingMode(BillingMode.PAY_PER_REQUEST).onDemandThroughput(o -> o.maxReadRequestUnits(10L)));
        assertEquals(10L, describe(t).onDemandThroughput().maxReadRequestUnits());
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"ProvisionedThroughput", "StreamSpecification", "BillingMode"})
    void streamAndThroughputTogetherOnAProvisionedTable() {
        String t = "cp_concern_prov";
        provisionedTable(t);
        // DDB-TABLE-382 (live 2026-10-09)
        updateFails(t, INVALID + "You cannot modify stream status while updating table IOPS",
                b -> b.provisionedThroughput(p -> p.readCapacityUnits(11L).writeCapacityUnits(11L))
                        .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        // DDB-TABLE-433 (live 2026-10-09): PAY_PER_REQUEST + a stream is accepted and both are applied
        ddb.updateTable(b -> b.tableName(t).billingMode(BillingMode.PAY_PER_REQUEST)
                .streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        TableDescription d = describe(t);
        assertEquals(BillingMode.PAY_PER_REQUEST, d.billingModeSummary().billingMode());
        assertTrue(d.streamSpecification().streamEnabled());
    }

    @Test
    @Covers(operation = "UpdateTable", parameters = {"TableClass", "DeletionProtectionEnabled", "StreamSpecification"})
    void tableClassDeletionProtectionAndStreamAnswers() {
        String t = "cp_class";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-177 / 365 (live 2026-10-08): STANDARD on a never-set table leaves TableClassSummary absent
        TableDescription r = ddb.updateTable(b -> b.tableName(t).tableClass(TableClass.STANDARD)).tableDescription();
        assertEquals("UPDATING", r.tableStatusAsString());
        assertNull(r.tableClassSummary());
        assertNull(describe(t).tableClassSummary());
        // DDB-TABLE-284 (live 2026-10-09): the switch's answer shows the old summary (absent here)
        r = ddb.updateTable(b -> b.tableName(t).tableClass(TableClass.STANDARD_INFREQUENT_ACCESS)).tableDescription();
        assertNull(r.tableClassSummary());
        assertEquals(TableClass.STANDARD_INFREQUENT_ACCESS, describe(t).tableClassSummary().tableClass());
        r = ddb.updateTable(b -> b.tableName(t).tableClass(TableClass.STANDARD)).tableDescription();
        assertEquals(TableClass.STANDARD_INFREQUENT_ACCESS, r.tableClassSummary().tableClass());
        assertEquals(TableClass.STANDARD, describe(t).tableClassSummary().tableClass());
        // DDB-TABLE-017 (live 2026-10-08): a deletion-protection change is synchronous
        r = ddb.updateTable(b -> b.tableName(t).deletionProtectionEnabled(true)).tableDescription();
        assertEquals("ACTIVE", r.tableStatusAsString());
        assertTrue(r.deletionProtectionEnabled());
        ddb.updateTable(b -> b.tableName(t).deletionProtectionEnabled(false));
        // DDB-TABLE-018 (live 2026-10-08)
        updateFails(t, INVALID + "If stream is being enabled then UpdateViewType is required",
                b -> b.streamSpecification(s -> s.streamEnabled(true)));
        ddb.updateTable(b -> b.tableName(t).streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.NEW_IMAGE)));
        // DDB-TABLE-050 (live 2026-10-09)
        updateFails(t, INVALID + "If stream is being disabled, then UpdateViewType must not be specified",
                b -> b.streamSpecification(s -> s.streamEnabled(false).streamViewType(StreamViewType.NEW_IMAGE)));
        assertTrue(describe(t).streamSpecification().streamEnabled());
    }

    @Test
    @Covers(operation = "CreateTable", parameters = {"StreamSpecification"})
    void createTableStreamSpecification() {
        // DDB-TABLE-035 (live 2026-10-08)
        validation(INVALID + "Table is being created with a stream disabled, UpdateViewType should not be specified",
                () -> ddb.createTable(b -> hash(b, "cp_stream_off").streamSpecification(s -> s.streamEnabled(false)
                        .streamViewType(StreamViewType.NEW_IMAGE))));
        validation(INVALID + "Table is being created with a stream enabled, UpdateViewType is required",
                () -> ddb.createTable(b -> hash(b, "cp_stream_on").streamSpecification(s -> s.streamEnabled(true))));
        validation("1 validation error detected: Value 'new_image' at 'streamSpecification.streamViewType' failed to satisfy constraint: "
                        + "Member must satisfy enum value set: [OLD_IMAGE, KEYS_ONLY, NEW_AND_OLD_IMAGES, NEW_IMAGE]",
                () -> ddb.createTable(b -> hash(b, "cp_stream_enum").streamSpecification(s -> s.streamEnabled(true)
                        .streamViewType("new_image"))));
        assertThrows(ResourceNotFoundException.class, () -> describe("cp_stream_off"));
    }

    private static software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.Builder hash(
            software.amazon.awssdk.services.dynamodb.model.CreateTableRequest.Builder b, String name) {
        return b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S));
    }

    private static Tag tag(String k, String v) {
        return Tag.builder().key(k).value(v).build();
    }

    private static List<Tag> tagsOf(String arn) {
        return ddb.listTagsOfResource(b -> b.resourceArn(arn)).tags();
    }

    @Test
    @Covers(operation = "TagResource", parameters = {"ResourceArn", "Tags"})
    @Covers(operation = "UntagResource", parameters = {"ResourceArn", "TagKeys"})
    void tagValidationTexts() {
        String t = "cp_tags";
        Sdk.createHashTable(ddb, t);
        String arn = describe(t).tableArn();
        // DDB-TABLE-105 (live 2026-10-08): aws: in any case, also for UntagResource
        validation("Tag Key cannot be prefixed with aws:, Key: aws:foo", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("aws:foo", "x"))));
        validation("Tag Key cannot be prefixed with aws:, Key: AWS:foo", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("AWS:foo", "x"))));
        validation("Tag Key cannot be prefixed with aws:, Key: aws:foo", () -> ddb.untagResource(b -> b.resourceArn(arn).tagKeys("aws:foo")));
        ddb.tagResource(b -> b.resourceArn(arn).tags(tag("myaws:foo", "x")));
        // DDB-TABLE-106 / 372 (live 2026-10-08/09): the AWS tag character set
        validation("The Tag Key provided is invalid, Key: bad#char", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("bad#char", "x"))));
        validation("The Tag Value provided is invalid, Value: bad#char", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("ok", "bad#char"))));
        for (String v : List.of("\uD83D\uDD11", "100%", "a,b", "it's \"q\"", "(x)[y]{z}", "a&b", "a*b", "a;b", "a?b", "a|b", "a\\b", "<a>", "~a")) {
            validation("The Tag Value provided is invalid, Value: " + v, () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("ok", v))));
        }
        ddb.tagResource(b -> b.resourceArn(arn).tags(tag("sp ace", "a b+c-d=e.f_g:h/i@j"), tag("k", "ключ café 表 a\u00a0b a\u3000b")));
        // DDB-TABLE-107 / 457 (live 2026-10-08/09)
        String k129 = "k".repeat(129);
        validation("The Tag Key provided is invalid, Key: " + k129, () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag(k129, "x"))));
        validation("The Tag Value provided is invalid, Value: " + "v".repeat(257),
                () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("k", "v".repeat(257)))));
        validation("The Tag Key provided is invalid, Key: ", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("", "x"))));
        validation("Atleast one Tag needs to be provided as Input.", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(List.of())));
        validation("Atleast one Tag Key needs to be provided as Input.", () -> ddb.untagResource(b -> b.resourceArn(arn).tagKeys(List.of())));
        validation("The Tag Value provided is invalid, Value: null", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(Tag.builder().key("k").build())));
        validation("The Tag Key provided is invalid, Key: null", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(Tag.builder().build())));
        validation("The Tag Key provided is invalid, Key: null", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(Tag.builder().value("v").build())));
        validation("Duplicate Tag Keys provided as input: Duplicate Tag Key found dup",
                () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("dup", "1"), tag("dup", "2"))));
        validation("The Tag Key provided is invalid, Key: " + k129, () -> ddb.untagResource(b -> b.resourceArn(arn).tagKeys(k129)));
        validation("The Tag Key provided is invalid, Key: ", () -> ddb.untagResource(b -> b.resourceArn(arn).tagKeys("")));
        List<String> keys51 = new ArrayList<>();
        for (int i = 0; i < 51; i++) keys51.add("u" + i);
        validation("Number of Tags exceed the current limit for the provided ResourceArn", () -> ddb.untagResource(b -> b.resourceArn(arn).tagKeys(keys51)));
        // mixed requests apply nothing
        validation("Tag Key cannot be prefixed with aws:, Key: aws:zzz", () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("good", "1"), tag("aws:zzz", "1"))));
        assertTrue(tagsOf(arn).stream().noneMatch(x -> x.key().equals("good")));
    }

    @Test
    @Covers(operation = "TagResource", parameters = {"Tags"})
    @Covers(operation = "ListTagsOfResource", parameters = {"NextToken"})
    @Covers(operation = "CreateTable", parameters = {"Tags"})
    void tagLimitsAndPaging() {
        String t = "cp_tag_limits";
        Sdk.createHashTable(ddb, t);
        String arn = describe(t).tableArn();
        List<Tag> fifty = new ArrayList<>();
        for (int i = 1; i <= 50; i++) fifty.add(tag(String.format("k%02d", i), "v"));
        List<Tag> fiftyOne = new ArrayList<>(fifty);
        fiftyOne.add(tag("k51", "v"));
        String tooMany = "Number of Tags exceed the current limit for the provided ResourceArn";
        // DDB-TABLE-108 (live 2026-10-08): the count limit, in the request and after the merge
        validation(tooMany, () -> ddb.tagResource(b -> b.resourceArn(arn).tags(fiftyOne)));
        ddb.tagResource(b -> b.resourceArn(arn).tags(fifty));
        var page = ddb.listTagsOfResource(b -> b.resourceArn(arn));
        assertEquals(50, page.tags().size(), "DDB-TABLE-108: all 50 in one page");
        assertNull(page.nextToken());
        validation(tooMany, () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("k51", "v"))));
        validation(tooMany, () -> ddb.tagResource(b -> b.resourceArn(arn).tags(tag("k01", "new"), tag("k51", "v"))));
        ddb.tagResource(b -> b.resourceArn(arn).tags(tag("k01", "new")));
        // DDB-TABLE-109 (live 2026-10-08/09): the aggregate size of the tag set
        String t2 = "cp_tag_size";
        Sdk.createHashTable(ddb, t2);
        String arn2 = describe(t2).tableArn();
        List<Tag> big = new ArrayList<>();
        for (int i = 0; i < 30; i++) big.add(tag(String.format("%03d", i) + "k".repeat(125), "v".repeat(256)));
        validation("Tag set size 11520 bytes is above max size limit of 10240 bytes", () -> ddb.tagResource(b -> b.resourceArn(arn2).tags(big)));
        // DDB-TABLE-110 (live 2026-10-08): CreateTable shares the texts, accepts [] and creates nothing on error
        validation(tooMany, () -> ddb.createTable(b -> hash(b, "cp_tags51").tags(fiftyOne)));
        validation("Tag Key cannot be prefixed with aws:, Key: aws:foo", () -> ddb.createTable(b -> hash(b, "cp_tagsaws").tags(tag("aws:foo", "x"))));
        validation("Duplicate Tag Keys provided as input: Duplicate Tag Key found d",
                () -> ddb.createTable(b -> hash(b, "cp_tagsdup").tags(tag("d", "1"), tag("d", "2"))));
        validation("The Tag Key provided is invalid, Key: a#b", () -> ddb.createTable(b -> hash(b, "cp_tagshash").tags(tag("a#b", "1"))));
        assertThrows(ResourceNotFoundException.class, () -> describe("cp_tagsdup"));
        ddb.createTable(b -> hash(b, "cp_tagsempty").tags(List.of()));
    }

    private static TableDescription streamTable(String name) {
        ddb.createTable(b -> hash(b, name).streamSpecification(s -> s.streamEnabled(true).streamViewType(StreamViewType.KEYS_ONLY)));
        return describe(name);
    }

    /** The ARN with one of its colon-separated parts (3 region, 4 account) replaced. */
    private static String withPart(String arn, int index, String value) {
        String[] parts = arn.split(":", 6);
        parts[index] = value;
        return String.join(":", parts);
    }

    @Test
    @Covers(operation = "ListTagsOfResource", parameters = {"ResourceArn"})
    @Covers(operation = "TagResource", parameters = {"ResourceArn"})
    void tagResourceArns() {
        String t = "cp_tag_arns";
        TableDescription d = streamTable(t);
        String arn = d.tableArn();
        ddb.tagResource(b -> b.resourceArn(arn).tags(tag("k", "1")));
        // DDB-TABLE-011 / 071 (live 2026-10-08)
        validation(INVALID + "ARNs must start with 'arn:': " + t, () -> ddb.listTagsOfResource(b -> b.resourceArn(t)));
        validation(INVALID + "ARNs must start with 'arn:': not-an-arn", () -> ddb.listTagsOfResource(b -> b.resourceArn("not-an-arn")));
        String foreign = withPart(arn, 4, "111122223333");
        Sdk.fails(software.amazon.awssdk.services.dynamodb.model.DynamoDbException.class, "AccessDeniedException", "Access is denied",
                () -> ddb.listTagsOfResource(b -> b.resourceArn(foreign)));
        String west = withPart(arn, 3, "us-west-2");
        validation("Invalid TableArn: Invalid ResourceArn provided as input " + west, () -> ddb.listTagsOfResource(b -> b.resourceArn(west)));
        String upper = arn.toUpperCase(java.util.Locale.ROOT);
        Sdk.fails(ResourceNotFoundException.class, "ResourceNotFoundException", "Requested resource not found: ResourceArn: " + upper + " not found",
                () -> ddb.listTagsOfResource(b -> b.resourceArn(upper)));
        // DDB-TABLE-136 (live 2026-10-08/09): an index ARN is no tag resource
        validation(INVALID + "Invalid resource arn provided, only table or stream is accepted. Provided resource arn: " + arn + "/index/gsi1",
                () -> ddb.listTagsOfResource(b -> b.resourceArn(arn + "/index/gsi1")));
        // DDB-TABLE-373 (live 2026-10-08/09): a stream ARN is a tag slot of its own, empty; tagging it leaves the table alone
        String stream = d.latestStreamArn();
        assertEquals(List.of(), tagsOf(stream));
        ddb.tagResource(b -> b.resourceArn(stream).tags(tag("onstream", "1")));
        assertEquals(List.of(tag("k", "1")), tagsOf(arn));
    }

    @Test
    @Covers(operation = "DescribeTable", parameters = {"TableName"})
    void tableArnsAsTableName() {
        String t = "cp_arn_name";
        TableDescription d = streamTable(t);
        String arn = d.tableArn();
        assertEquals(t, describe(arn).tableName());
        // DDB-TABLE-011 (live 2026-10-08): another region's ARN, index and stream ARNs are refused
        String west = withPart(arn, 3, "us-west-2");
        validation("1 validation error detected: Invalid AWS region in '" + west + "'", () -> describe(west));
        validation("1 validation error detected: Invalid resource type in '" + arn + "/index/gsi1'", () -> describe(arn + "/index/gsi1"));
        String stream = d.latestStreamArn();
        validation("1 validation error detected: Invalid resource type in '" + stream + "'", () -> describe(stream));
    }
}
