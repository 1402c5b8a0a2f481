package io.basalt.server.auth;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.InputStream;

/**
 * The resource policy a request attaches (PutResourcePolicy's Policy, CreateTable's
 * ResourcePolicy), read from the body as sent, for the checks only authorization can make: the
 * principals it names and whether it would lock the caller out.
 *
 * @param resource the ARN (PutResourcePolicy) or table name (CreateTable) it is attached to
 * @param confirmRemoveSelf ConfirmRemoveSelfResourceAccess was true
 */
record NewResourcePolicy(String resource, String document, boolean confirmRemoveSelf) {

    /** The policy of a PutResourcePolicy or CreateTable body, or null when it carries none (or does not parse). */
    static NewResourcePolicy of(String operation, InputStream body) {
        boolean put = operation.equals("PutResourcePolicy");
        if (!put && !operation.equals("CreateTable")) return null;
        String resource = null, document = null;
        boolean confirm = false;
        try (JsonParser p = Json.FACTORY.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) return null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                if (t == JsonToken.VALUE_STRING && name.equals(put ? "ResourceArn" : "TableName")) resource = p.getText();
                else if (t == JsonToken.VALUE_STRING && name.equals(put ? "Policy" : "ResourcePolicy")) document = p.getText();
                else if (put && name.equals("ConfirmRemoveSelfResourceAccess")) confirm = t == JsonToken.VALUE_TRUE;
                else p.skipChildren();
            }
        } catch (IOException | RuntimeException unreadable) {
            return null; // the operation reports the body's fault
        }
        if (resource == null || document == null) return null;
        // a document over the service's size limit is refused by the operation before anything is
        // attached: it is not parsed here (a 16 MB "policy" would be a large tree)
        if (document.length() > io.basalt.model.ServiceLimits.RESOURCE_POLICY_BYTES) return null;
        return new NewResourcePolicy(resource, document, confirm);
    }
}
