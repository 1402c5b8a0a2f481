package io.basalt.api.transfer;

import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ExportRecord;

/** ListExports: MaxResults (1-25) a page. */
public final class ListExports extends TransferOperations.ListAll<ExportRecord> {
    public ListExports(Engine engine) {
        super("ListExports", "MaxResults", "ExportSummaries", engine.exports(), ExportJson::summary);
    }
}
