package io.basalt.api.item;

import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.ConditionParser;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.ExpressionKind;
import io.basalt.expression.Legacy;
import io.basalt.expression.Projection;
import io.basalt.model.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Expression set-up shared by the read operations (Query, Scan): filter, projection, key condition. */
public final class ItemExpressions {
    private ItemExpressions() {}

    /** Refuses legacy and expression parameters in one request, also when spread over a batch's tables. */
    public static void noMixing(String nonExpression, String expression) {
        WriteRequestRules.noMixing(nonExpression, expression);
    }

    /**
     * @param keyCondition parsed KeyConditionExpression (null for Scan or legacy KeyConditions)
     * @param filterNames top-level attribute names the filter reads
     */
    public record ReadExpressions(Condition filter, Set<String> filterNames, Projection projection,
                                  ConditionParser.Parsed keyCondition) {}


    public static ReadExpressions forRead(String filterExpression, Map<String, Legacy.FilterCondition> legacyFilter,
                                          String legacyFilterName, String conditionalOperator,
                                          String projectionExpression, List<String> attributesToGet,
                                          String keyConditionExpression, Map<String, Legacy.FilterCondition> keyConditions,
                                          Map<String, String> names, Map<String, AttributeValue> values) {
        // The service counts KeyConditions as mixing only next to a KeyConditionExpression: KeyConditions
        // with a FilterExpression or ProjectionExpression is accepted. ConditionalOperator always counts.
        String nonExpression = WriteRequestRules.present(
                new Object[] {attributesToGet, legacyFilter, conditionalOperator, keyConditionExpression == null ? null : keyConditions},
                new String[] {"AttributesToGet", legacyFilterName, "ConditionalOperator", "KeyConditions"});
        String expression = WriteRequestRules.present(new Object[] {projectionExpression, filterExpression, keyConditionExpression},
                new String[] {"ProjectionExpression", "FilterExpression", "KeyConditionExpression"});
        WriteRequestRules.noMixing(nonExpression, expression);
        WriteRequestRules.conditionalOperatorNeedsConditions(conditionalOperator, legacyFilter);
        boolean anyExpression = !expression.isEmpty();
        if (names != null && !anyExpression) {
            throw DynamoException.validation("ExpressionAttributeNames can only be specified when using expressions");
        }
        boolean valueExpressions = filterExpression != null || keyConditionExpression != null;
        if (values != null && !valueExpressions) {
            throw DynamoException.validation("ExpressionAttributeValues can only be specified when using expressions: "
                    + (legacyFilterName.equals("QueryFilter") ? "FilterExpression and KeyConditionExpression are null" : "FilterExpression is null"));
        }
        if (names != null && names.isEmpty()) throw DynamoException.validation("ExpressionAttributeNames must not be empty");
        if (values != null && values.isEmpty()) throw DynamoException.validation("ExpressionAttributeValues must not be empty");

        // duplicate AttributesToGet are refused before the legacy filter's conditions are read (dynalite scan.js, query.js)
        Projection legacyProjection = attributesToGet == null ? null : Legacy.attributesToGet(attributesToGet);
        ExpressionContext ctx = new ExpressionContext(names, values);
        ConditionParser.Parsed key = keyConditionExpression == null ? null
                : ConditionParser.parse(keyConditionExpression, ExpressionKind.KEY_CONDITION, ctx);
        Condition filter = null;
        Set<String> filterNames = Set.of();
        if (filterExpression != null) {
            ConditionParser.Parsed f = ConditionParser.parse(filterExpression, ExpressionKind.FILTER, ctx);
            filter = f.condition();
            filterNames = f.attributeNames();
        } else if (legacyFilter != null) {
            filter = Legacy.filter(legacyFilter, conditionalOperator);
            filterNames = legacyFilter.keySet();
        }
        Projection projection = null;
        if (projectionExpression != null) projection = Projection.parse(projectionExpression, ctx);
        else projection = legacyProjection;
        ctx.checkAllUsed();
        return new ReadExpressions(filter, filterNames, projection, key);
    }
}
