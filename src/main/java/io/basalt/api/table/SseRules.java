package io.basalt.api.table;

import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.error.DynamoException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * SSESpecification as the live service reads it (ack-api-quirks DDB-TABLE-018/027/031/036/044/065/079/
 * 140/141/371, lab runs 2026-10-08/09). A table is on the AWS-owned key unless it asked for KMS; the
 * service describes only KMS encryption (SSEDescription {ENABLED, KMS, KMSMasterKeyArn}).
 *
 * <p>Basalt has no KMS: every key is taken to exist and be usable. The AWS-managed key
 * (alias/aws/dynamodb, or no key given) gets a key id fixed per account and region; a key ARN is kept as
 * given, a bare key id becomes that key's ARN, and any other alias maps to a key id fixed by its name.
 */
public final class SseRules {
    static final String SSE_TYPE_ENUM = "[AES256, KMS]";
    private static final String INVALID = "One or more parameter values were invalid: ";
    private static final String MANAGED_ALIAS = "alias/aws/dynamodb";

    private SseRules() {}

    public static void constraints(Constraints c, TableJson.SseSpecification s) {
        if (s != null) c.enumValue(s.sseType(), "sSESpecification.sSEType", SSE_TYPE_ENUM);
    }

    /** Whether a specification was sent that changes encryption at all ({} asks for nothing). */
    static boolean asksForSomething(TableJson.SseSpecification s) {
        return s != null && (s.enabled() != null || s.sseType() != null || s.kmsMasterKeyId() != null);
    }

    /**
     * The KMS key ARN the specification asks for, or null for the AWS-owned key; refuses the shapes the
     * service refuses.
     */
    public static String keyArn(RequestContext ctx, TableJson.SseSpecification s) {
        if (Boolean.FALSE.equals(s.enabled())) {
            if (s.sseType() != null) throw invalid("SSEType can not be specified if Enabled is false");
            if (s.kmsMasterKeyId() != null) throw invalid("KMSMasterKeyId can not be specified if Enabled is false");
            return null;
        }
        if ("AES256".equals(s.sseType())) throw invalid("SSEType AES256 is not supported");
        if (s.kmsMasterKeyId() != null && s.sseType() == null) throw invalid("SSEType KMS is required if KMSMasterKeyId is specified");
        if (!Boolean.TRUE.equals(s.enabled()) && s.sseType() == null) return null;
        return resolveKey(ctx, s.kmsMasterKeyId());
    }

    private static String resolveKey(RequestContext ctx, String keyId) {
        String prefix = "arn:aws:kms:" + ctx.region() + ":" + ctx.accountId() + ":";
        if (keyId == null || keyId.equals(MANAGED_ALIAS) || keyId.equals(prefix + MANAGED_ALIAS)) {
            return prefix + "key/" + nameUuid("aws-managed:" + ctx.accountId() + ":" + ctx.region());
        }
        if (keyId.startsWith("arn:") && keyId.contains(":key/")) return keyId;
        String alias = keyId.startsWith("arn:") ? keyId.substring(keyId.lastIndexOf(':') + 1) : keyId;
        if (alias.startsWith("alias/")) return prefix + "key/" + nameUuid(ctx.accountId() + ":" + ctx.region() + ":" + alias);
        return prefix + "key/" + keyId;
    }

    private static String nameUuid(String name) {
        return UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)).toString();
    }

    /**
     * UpdateTable: {Enabled:false} on a table already on the AWS-owned key (DDB-TABLE-018/079), and the
     * key the table already has named again by KMSMasterKeyId (DDB-TABLE-141, live 2026-10-08; a plain
     * {Enabled:true} re-send is accepted).
     */
    static void checkChange(TableJson.SseSpecification s, String currentKeyArn, String nextKeyArn) {
        if (currentKeyArn == null && nextKeyArn == null) throw invalid("Table is already encrypted by default");
        if (s.kmsMasterKeyId() != null && nextKeyArn != null && nextKeyArn.equals(currentKeyArn)) {
            throw invalid("Table is already encrypted with given KMSMasterKeyId. Use KMSMasterKeyId parameter if you want to change Master Key");
        }
    }

    private static DynamoException invalid(String text) {
        return DynamoException.validation(INVALID + text);
    }
}
