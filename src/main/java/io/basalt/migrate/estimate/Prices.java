package io.basalt.migrate.estimate;

import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.model.ModelLoader;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A price table (YAML; the bundled default is {@code prices.yaml} beside this class, printed by {@code migrate prices}). */
public record Prices(String source, String date, String region, String currency, BigDecimal hoursPerMonth,
                     BigDecimal perMillionWriteRequestUnits, BigDecimal perMillionReadRequestUnits,
                     BigDecimal perWcuHour, BigDecimal perRcuHour, BigDecimal perGbMonth, BigDecimal freeGb) {

    public static String defaultText() {
        try (InputStream in = Prices.class.getResourceAsStream("prices.yaml")) {
            if (in == null) throw new IllegalStateException("the bundled prices.yaml is missing");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Prices load(Path file) throws IOException {
        return parse(file == null ? defaultText() : Files.readString(file), file == null ? "prices.yaml" : file.toString());
    }

    public static Prices parse(String text, String where) {
        Map<String, Object> m = ModelLoader.map(ModelLoader.readTree(text, where), where);
        Map<String, Object> onDemand = ModelLoader.map(m.get("onDemand"), where + ".onDemand");
        Map<String, Object> provisioned = ModelLoader.map(m.get("provisioned"), where + ".provisioned");
        Map<String, Object> storage = ModelLoader.map(m.get("storage"), where + ".storage");
        return new Prices(String.valueOf(m.get("source")), String.valueOf(m.get("date")), String.valueOf(m.get("region")),
                String.valueOf(m.getOrDefault("currency", "USD")), num(m, "hoursPerMonth", where),
                num(onDemand, "perMillionWriteRequestUnits", where), num(onDemand, "perMillionReadRequestUnits", where),
                num(provisioned, "perWcuHour", where), num(provisioned, "perRcuHour", where),
                num(storage, "perGbMonth", where), storage.get("freeGb") == null ? BigDecimal.ZERO : num(storage, "freeGb", where));
    }

    private static BigDecimal num(Map<String, Object> m, String field, String where) {
        Object v = m.get(field);
        if (v == null) throw new ModelException(where + ": '" + field + "' is required");
        try {
            return new BigDecimal(v.toString());
        } catch (NumberFormatException e) {
            throw new ModelException(where + "." + field + ": not a number: " + v);
        }
    }
}
