package io.basalt.api.transfer;

import io.basalt.engine.backup.ContinuousBackups;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyShape;
import io.basalt.wire.AttributeValueJson;
import java.util.Map;

/**
 * The lines of an incremental export, one per changed item, as the Developer Guide shows them:
 * {@code {"Metadata":{"WriteTimestampMicros":{"N":"..."}},"Keys":{...},"NewImage":{...},"OldImage":{...}}}.
 * NewImage is left out for a deletion; OldImage is written only with NEW_AND_OLD_IMAGES and only
 * when the item existed at the window's start. ION exports write the same fields as an Ion struct.
 */
final class IncrementalLines implements ContinuousBackups.ChangeVisitor {
    private final ExportFiles files;
    private final KeyShape keys;
    private final boolean oldImages;

    IncrementalLines(ExportFiles files, KeyShape keys, String viewType) {
        this.files = files;
        this.keys = keys;
        this.oldImages = "NEW_AND_OLD_IMAGES".equals(viewType);
    }

    @Override
    public void change(long writeMillis, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        Map<String, AttributeValue> any = newItem != null ? newItem : oldItem;
        Map<String, AttributeValue> key = keys.keyOf(any);
        Map<String, AttributeValue> old = oldImages ? oldItem : null;
        long micros = writeMillis * 1000;
        long size = ItemSize.of(newItem != null ? newItem : key);
        if (files.ion()) {
            StringBuilder b = new StringBuilder(256).append("{Metadata:{WriteTimestampMicros:").append(micros).append("},Keys:");
            IonText.struct(b, key);
            if (newItem != null) IonText.struct(b.append(",NewImage:"), newItem);
            if (old != null) IonText.struct(b.append(",OldImage:"), old);
            files.write(ExportFiles.ionLine(b.append('}').toString()), size);
            return;
        }
        files.write(ExportFiles.jsonLine(g -> {
            g.writeObjectFieldStart("Metadata");
            g.writeObjectFieldStart("WriteTimestampMicros");
            g.writeStringField("N", Long.toString(micros));
            g.writeEndObject();
            g.writeEndObject();
            g.writeFieldName("Keys");
            AttributeValueJson.writeItem(g, key);
            if (newItem != null) {
                g.writeFieldName("NewImage");
                AttributeValueJson.writeItem(g, newItem);
            }
            if (old != null) {
                g.writeFieldName("OldImage");
                AttributeValueJson.writeItem(g, old);
            }
        }), size);
    }
}
