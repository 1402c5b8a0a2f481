package io.basalt.api.transfer;

import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ImportRecord;

/** ListImports: PageSize (1-25) a page; the list is ImportSummaryList. */
public final class ListImports extends TransferOperations.ListAll<ImportRecord> {
    public ListImports(Engine engine) {
        super("ListImports", "PageSize", "ImportSummaryList", engine.imports(), ImportJson::summary);
    }
}
