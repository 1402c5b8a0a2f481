package io.basalt.expression;

import java.util.ArrayList;
import java.util.List;

/** Parses a ProjectionExpression: comma-separated document paths. */
final class ProjectionParser extends ParserBase {
    ProjectionParser(String src, ExpressionContext ctx) {
        super(src, ExpressionKind.PROJECTION, ctx);
    }

    List<Path> run() {
        List<Path> out = new ArrayList<>();
        out.add(parsePath());
        while (peek().isPunct(",")) {
            pos++;
            out.add(parsePath());
        }
        expectEnd();
        return out;
    }
}
