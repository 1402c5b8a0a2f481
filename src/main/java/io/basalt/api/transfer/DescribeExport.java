package io.basalt.api.transfer;

import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ExportRecord;

/** DescribeExport. */
public final class DescribeExport extends TransferOperations.Describe<ExportRecord> {
    public DescribeExport(Engine engine) {
        super("DescribeExport", "ExportArn", engine.exports(), (g, e) -> ExportJson.description(g, e, e.status()));
    }
}
