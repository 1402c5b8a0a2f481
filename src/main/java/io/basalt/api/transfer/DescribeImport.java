package io.basalt.api.transfer;

import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ImportRecord;

/** DescribeImport. */
public final class DescribeImport extends TransferOperations.Describe<ImportRecord> {
    public DescribeImport(Engine engine) {
        super("DescribeImport", "ImportArn", engine.imports(), (g, r) -> ImportJson.description(g, r, r.status()));
    }
}
