package io.basalt.it;

import static io.basalt.it.Sdk.fails;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.basalt.compat.Covers;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PolicyNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Resource-based policies as the live service keeps, returns and refuses them, from the
 * "ack-api-quirks" DynamoDB notes (lab runs us-west-2, 2026-10-09; table-policy-kinesis-autoscaling.md):
 * each assertion names the note's entry. The notes' account and table names are replaced by this
 * server's; the texts are the service's.
 */
class ResourcePolicyLiveIT extends ServerTestBase {
    private static final String ACCOUNT = "123456789012";
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final String DOCUMENT = INVALID + "Invalid policy document: ";

    private static String arn(String table) {
        return "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/" + table;
    }

    private static String put(String table, String policy) {
        return ddb.putResourcePolicy(b -> b.resourceArn(arn(table)).policy(policy)).revisionId();
    }

    private static String get(String table) {
        return ddb.getResourcePolicy(b -> b.resourceArn(arn(table))).policy();
    }

    private static void refused(String table, String message, String policy) {
        validation(message, () -> ddb.putResourcePolicy(b -> b.resourceArn(arn(table)).policy(policy)));
    }

    @Test
    @Covers(operation = "GetResourcePolicy", parameters = "ResourceArn")
    @Covers(operation = "PutResourcePolicy", parameters = "Policy")
    void getAnswersTheCanonicalForm() {
        String t = "rp_canonical";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-208 / 351 / 352 / 353: pretty-printed, keys scrambled, one-element lists, an account id as principal
        String pretty = """
                {
                  "Statement": [ {
                    "Resource": [ "%s" ],
                    "Action": [ "dynamodb:GetItem" ],
                    "Principal": { "AWS": [ "%s", "arn:aws:iam::%s:root" ] },
                    "Effect": "Allow",
                    "Sid": "AllowRead"
                  } ],
                  "Version": "2012-10-17"
                }""".formatted(arn(t), ACCOUNT, ACCOUNT);
        String revision = put(t, pretty);
        String canonical = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Sid\":\"AllowRead\",\"Effect\":\"Allow\",\"Principal\":{\"AWS\":"
                + "\"arn:aws:iam::" + ACCOUNT + ":root\"},\"Action\":\"dynamodb:GetItem\",\"Resource\":\"" + arn(t) + "\"}]}";
        assertEquals(canonical, get(t));
        // DDB-TABLE-351: the canonical form is a fixpoint, and re-putting it is a no-op
        assertEquals(revision, put(t, canonical));
        assertEquals(canonical, get(t));

        // DDB-TABLE-353: longer lists verbatim (order and duplicates kept), lower-case actions as sent, NotAction in Action's slot,
        // a one-element condition value as its string, Condition last
        String many = "{\"Version\":\"2012-10-17\",\"Statement\":{\"Condition\":{\"StringEquals\":{\"aws:PrincipalAccount\":[\"" + ACCOUNT
                + "\"]}},\"Resource\":[\"" + arn(t) + "/index/*\",\"" + arn(t) + "\"],\"NotAction\":[\"dynamodb:Query\",\"dynamodb:getitem\","
                + "\"dynamodb:getitem\"],\"Effect\":\"deny\",\"Principal\":\"*\"}}";
        assertNotEquals(revision, put(t, many));
        assertEquals("{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":\"*\",\"NotAction\":[\"dynamodb:Query\","
                + "\"dynamodb:getitem\",\"dynamodb:getitem\"],\"Resource\":[\"" + arn(t) + "/index/*\",\"" + arn(t) + "\"],\"Condition\":"
                + "{\"StringEquals\":{\"aws:PrincipalAccount\":\"" + ACCOUNT + "\"}}}]}", get(t));
    }

    @Test
    @Covers(operation = "PutResourcePolicy", parameters = "Policy")
    void aDocumentWithoutVersionReadsBackWith2008ButIsAnotherPolicy() {
        String t = "rp_version";
        Sdk.createHashTable(ddb, t);
        // DDB-TABLE-354: Get fills Version 2008-10-17; re-putting that read-back is a change, re-putting the Version-less one is not
        String noVersion = "{\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"arn:aws:iam::" + ACCOUNT + ":user/app\"},"
                + "\"Action\":\"dynamodb:GetItem\",\"Resource\":\"" + arn(t) + "\"}]}";
        String first = put(t, noVersion);
        String readBack = get(t);
        assertEquals(noVersion.replace("{\"Statement\"", "{\"Version\":\"2008-10-17\",\"Statement\""), readBack);
        assertEquals(first, put(t, noVersion));
        clock.advanceSeconds(16);
        String second = put(t, readBack);
        assertNotEquals(first, second);
        clock.advanceSeconds(16);
        assertNotEquals(second, put(t, noVersion));
    }

    @Test
    @Covers(operation = "PutResourcePolicy", parameters = "Policy")
    @Covers(operation = "CreateTable", parameters = "ResourcePolicy")
    void refusedDocumentsGetTheServiceTexts() {
        String t = "rp_refusals";
        Sdk.createHashTable(ddb, t);
        String principal = "{\"AWS\":\"arn:aws:iam::" + ACCOUNT + ":user/app\"}";
        // DDB-TABLE-211: not JSON, empty, an empty statement list, no Resource, over 20480 bytes (whitespace counts)
        refused(t, DOCUMENT + "This policy contains invalid Json", "{not json");
        refused(t, DOCUMENT + "This policy contains invalid Json", "");
        refused(t, DOCUMENT + "Could not parse the policy: Statement is empty!", "{\"Version\":\"2012-10-17\",\"Statement\":[]}");
        refused(t, DOCUMENT + "Missing required field Resource", "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\","
                + "\"Principal\":" + principal + ",\"Action\":\"dynamodb:GetItem\"}]}");
        String valid = "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Principal\":" + principal
                + ",\"Action\":\"dynamodb:GetItem\",\"Resource\":\"" + arn(t) + "\"}]}";
        refused(t, INVALID + "Maximum policy size of 20480 bytes exceeded", valid.replace(",", "," + " ".repeat(21504 / 4)));
        // stream actions in a table's policy
        refused(t, DOCUMENT + "The following action names are invalid: \"dynamodb:GetRecords\", \"dynamodb:DescribeStream\"",
                valid.replace("\"dynamodb:GetItem\"", "[\"dynamodb:GetRecords\",\"dynamodb:DescribeStream\"]"));
        // DDB-TABLE-356 / 352: duplicate Sids, an Allow to everyone, a bare account id as principal
        String twice = "{\"Sid\":\"Same\",\"Effect\":\"Allow\",\"Principal\":" + principal + ",\"Action\":\"dynamodb:GetItem\",\"Resource\":\"*\"}";
        refused(t, DOCUMENT + "The Statement Ids in the policy are not unique",
                "{\"Version\":\"2012-10-17\",\"Statement\":[" + twice + "," + twice + "]}");
        String unbounded = "Resource-based policy grants unbounded access in one or more elements. Please revise the policy to ensure "
                + "least-privilege form of access";
        refused(t, unbounded, valid.replace(principal, "\"*\""));
        refused(t, unbounded, valid.replace(principal, "{\"AWS\":\"*\"}"));
        String bare = valid.replace(principal, "\"" + ACCOUNT + "\"");
        refused(t, DOCUMENT + "Syntax error at position (1," + (bare.indexOf("\"" + ACCOUNT) + 1) + ")", bare);
        // DDB-TABLE-355: a lower-case effect is accepted and read back title-cased
        put(t, valid.replace("\"Allow\"", "\"allow\""));
        assertEquals(valid, get(t));
        // nothing of a refused document is kept (DDB-TABLE-356)
        refused(t, unbounded, valid.replace(principal, "\"*\""));
        assertEquals(valid, get(t));

        // CreateTable's ResourcePolicy is checked the same way, and nothing is created
        validation(DOCUMENT + "This policy contains invalid Json", () -> ddb.createTable(b -> b.tableName("rp_refused_create")
                .billingMode(BillingMode.PAY_PER_REQUEST).resourcePolicy("{not json")
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))));
        assertEquals(false, ddb.listTables().tableNames().contains("rp_refused_create"));
    }

    @Test
    @Covers(operation = "GetResourcePolicy", parameters = "ResourceArn")
    @Covers(operation = "DeleteResourcePolicy", parameters = "ResourceArn")
    @Covers(operation = "PutResourcePolicy", parameters = "ResourceArn")
    void resourceArnsOtherThanATableOrItsStreamAreRefused() {
        String t = "rp_arns";
        ddb.createTable(b -> b.tableName(t).billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .globalSecondaryIndexes(g -> g.indexName("gsi1").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType(ProjectionType.ALL)))
                .streamSpecification(s -> s.streamEnabled(true).streamViewType("NEW_IMAGE")));
        // DDB-TABLE-212, the same answers from Get and Delete
        String[][] cases = {
            {t, INVALID + "ARNs must start with 'arn:': " + t},
            {arn(t).replace("us-east-1", "us-west-2"), INVALID + "Invalid resource Arn: " + arn(t).replace("us-east-1", "us-west-2")},
            {arn(t).replace("arn:aws:", "arn:aws-cn:"), INVALID + "Invalid resource Arn: " + arn(t).replace("arn:aws:", "arn:aws-cn:")},
            {arn(t).replace(ACCOUNT, "111122223333"), "This action is only supported by accounts that match the resource owner\u2019s account."},
            {arn(t) + "/index/gsi1", INVALID + "Invalid resource arn provided, only table or stream is accepted. Provided resource arn: "
                    + arn(t) + "/index/gsi1"},
            {arn(t) + "/backup/01700000000000-abcdefgh", INVALID + "Provided Arn is not a DynamoDB resource " + arn(t)
                    + "/backup/01700000000000-abcdefgh"},
        };
        for (String[] c : cases) {
            validation(c[1], () -> ddb.getResourcePolicy(b -> b.resourceArn(c[0])));
            validation(c[1], () -> ddb.deleteResourcePolicy(b -> b.resourceArn(c[0])));
        }
        // DDB-TABLE-212 / 214 / 446: a missing (or differently cased) table, a stream label the table never had
        for (String missing : new String[] {"rp_missing", t.toUpperCase()}) {
            fails(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.class, "ResourceNotFoundException",
                    "Requested resource not found: Table: " + missing + " not found", () -> ddb.getResourcePolicy(b -> b.resourceArn(arn(missing))));
        }
        fails(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.class, "ResourceNotFoundException",
                "Requested resource not found: Stream: 2000-01-01T00:00:00.000 not found for Table: " + t,
                () -> ddb.getResourcePolicy(b -> b.resourceArn(arn(t) + "/stream/2000-01-01T00:00:00.000")));
        // the table's real stream without a policy
        String stream = ddb.describeTable(b -> b.tableName(t)).table().latestStreamArn();
        fails(PolicyNotFoundException.class, "PolicyNotFoundException", "Resource-based policy not found for the provided ResourceArn: " + stream,
                () -> ddb.getResourcePolicy(b -> b.resourceArn(stream)));
        // a deleted table's ARN (DDB-TABLE-214): Get, Put and Delete alike
        ddb.deleteTable(b -> b.tableName(t));
        String gone = "Requested resource not found: Table: " + t + " not found";
        fails(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.class, "ResourceNotFoundException", gone,
                () -> ddb.deleteResourcePolicy(b -> b.resourceArn(arn(t))));
        fails(software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException.class, "ResourceNotFoundException", gone,
                () -> ddb.putResourcePolicy(b -> b.resourceArn(arn(t)).policy("{}")));
    }
}
