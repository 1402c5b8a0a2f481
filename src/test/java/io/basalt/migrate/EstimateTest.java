package io.basalt.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.migrate.estimate.CapacityMeter;
import io.basalt.migrate.model.Model.Operation;
import io.basalt.migrate.model.Size;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The estimate of the whitepaper's gaming example, through the command's JSON, and the meter's arithmetic. */
class EstimateTest {

    @SuppressWarnings("unchecked")
    @Test
    void gamingModelReproducesTheWhitepapersTable8() {
        Map<String, Object> json = runJson("estimate", "--model", "examples/gaming/model.yaml", "--format", "json");
        Map<String, Object> totals = (Map<String, Object>) json.get("totals");
        assertEquals("450", num(totals.get("wcu")));
        assertEquals("1987.5", num(totals.get("rcu")));
        List<Map<String, Object>> tables = (List<Map<String, Object>>) json.get("tables");
        Map<String, String> figures = new java.util.LinkedHashMap<>();
        for (Map<String, Object> t : tables) figures.put((String) t.get("name"), num(t.get("wcu")) + "/" + num(t.get("rcu")));
        assertEquals(Map.of("Games", "150/1087.5", "GSI1", "150/650", "GSI2", "150/250"), figures);
        // storage: 10^8 items of 0.7 KB plus 100 bytes each, in the table and in both ALL-projected GSIs
        assertEquals("76.07", num(tables.get(0).get("storageGB")));
    }

    @Test
    void meterRoundsAsTheServiceDoes() {
        Size kb07 = Size.parse("0.7 KB");
        assertEquals(new BigDecimal("716.8"), kb07.bytes());
        // the whitepaper's worked figures: one item 1 RCU strong / 0.5 eventual; 100 items 18 / 9; a write 1 WCU
        assertEquals("1", num(CapacityMeter.readUnits(Operation.GetItem, kb07, BigDecimal.ONE, true)));
        assertEquals("0.5", num(CapacityMeter.readUnits(Operation.GetItem, kb07, BigDecimal.ONE, false)));
        assertEquals("18", num(CapacityMeter.readUnits(Operation.Query, kb07, BigDecimal.valueOf(100), true)));
        assertEquals("9", num(CapacityMeter.readUnits(Operation.Query, kb07, BigDecimal.valueOf(100), false)));
        assertEquals("1", num(CapacityMeter.writeUnits(Operation.PutItem, kb07, BigDecimal.ONE)));
        // per-item rounding for batches, doubling for transactions, 1 KB write unit boundaries
        assertEquals("50", num(CapacityMeter.readUnits(Operation.BatchGetItem, kb07, BigDecimal.valueOf(100), false)));
        assertEquals("2", num(CapacityMeter.readUnits(Operation.TransactGetItems, kb07, BigDecimal.ONE, false)));
        assertEquals("1", num(CapacityMeter.writeUnits(Operation.PutItem, Size.ofBytes(1024), BigDecimal.ONE)));
        assertEquals("2", num(CapacityMeter.writeUnits(Operation.PutItem, Size.ofBytes(1025), BigDecimal.ONE)));
        assertEquals("4", num(CapacityMeter.writeUnits(Operation.TransactWriteItems, Size.ofBytes(1025), BigDecimal.ONE)));
    }

    static String num(Object o) {
        return new BigDecimal(o.toString()).stripTrailingZeros().toPlainString();
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> runJson(String... args) {
        String out = run(0, args);
        return (Map<String, Object>) io.basalt.migrate.model.ModelLoader.readTree(out, "output");
    }

    static String run(int expectedExit, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int rc = MigrateCommand.run(List.of(args), Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(expectedExit, rc, () -> "exit code; stderr: " + err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
