package io.basalt.junit5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The set-up file forms and what a bad one is told. */
class TableSetupTest {
    @Test
    void arrayOfCreateTableRequests() {
        List<TableSetup.Table> t = TableSetup.parse("[{\"TableName\":\"A\",\"KeySchema\":[]},{\"TableName\":\"B\"}]", "x.json");
        assertEquals(List.of("A", "B"), t.stream().map(TableSetup.Table::name).toList());
        assertEquals("{\"TableName\":\"A\",\"KeySchema\":[]}", MiniJson.write(t.get(0).createTable()));
    }

    @Test
    void numbersAndEscapesAreWrittenBackAsRead() {
        String json = "{\"n\":{\"N\":\"-1.50e3\"},\"s\":\"a\\\"b\\\\c\\u00e9\\n\",\"b\":true,\"z\":null,\"x\":12.0}";
        assertEquals(json.replace("\\u00e9", "é"), MiniJson.write(MiniJson.parse(json)));
    }

    @Test
    void badFilesSayWhy() {
        assertEquals("bad.json: JSON: expected ':' at offset 13",
                assertThrows(IllegalArgumentException.class, () -> TableSetup.parse("{\"TableName\" \"A\"}", "bad.json")).getMessage());
        assertEquals("bad.json: expected an array of CreateTable requests, {\"tables\": [...]} or a NoSQL Workbench model",
                assertThrows(IllegalArgumentException.class, () -> TableSetup.parse("{\"TableName\":\"A\"}", "bad.json")).getMessage());
        assertEquals("bad.json: a table without TableName",
                assertThrows(IllegalArgumentException.class, () -> TableSetup.parse("[{\"KeySchema\":[]}]", "bad.json")).getMessage());
        assertEquals("@BasaltTest tables: no classpath resource missing.json",
                assertThrows(IllegalArgumentException.class, () -> TableSetup.load(TableSetupTest.class, "missing.json")).getMessage());
    }
}
