package io.basalt.expression;

import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;

/**
 * The size the service charges an UpdateExpression, independent of the stored item (its
 * statement-sized item-size rule; docs/compatibility.md, "UpdateItem's item-size rule"). The figures
 * are undocumented; they were measured by bisection against the live service and reproduce every
 * capture: 3 for the update, then per clause
 * <ul>
 *   <li>SET target = value: 19 + target + value</li>
 *   <li>ADD target :v: 19 + target + size of :v</li>
 *   <li>REMOVE target, DELETE target :v: 1 + target (nothing removed is charged)</li>
 * </ul>
 * A target costs its first name plus 4 and the element for each later element; an element is a
 * name's UTF-8 bytes or a list index's decimal digits. A value costs: a placeholder its item size
 * (at every use); a path operand 1 plus 14 and the element for each element; {@code x + y} 34,
 * {@code x - y} 37, {@code if_not_exists(p, v)} 39 and {@code list_append(x, y)} 37, each plus
 * both operands.
 */
final class UpdateStatementSize {
    static final int UPDATE = 3;
    static final int SET_OR_ADD = 19;
    static final int REMOVE_OR_DELETE = 1;
    static final int TARGET_STEP = 4;
    static final int OPERAND_BASE = 1;
    static final int OPERAND_STEP = 14;
    static final int PLUS = 34;
    static final int MINUS = 37;
    static final int IF_NOT_EXISTS = 39;
    static final int LIST_APPEND = 37;

    private UpdateStatementSize() {}

    /** The charge of a parsed UpdateExpression. */
    static long of(UpdateAction update) {
        long total = UPDATE;
        for (UpdateAction.Set s : update.sets()) total += SET_OR_ADD + target(s.path()) + value(s.value());
        for (Path p : update.removes()) total += REMOVE_OR_DELETE + target(p);
        for (UpdateAction.AddOrDelete a : update.adds()) total += SET_OR_ADD + target(a.path()) + ItemSize.of(a.value());
        for (UpdateAction.AddOrDelete d : update.deletes()) total += REMOVE_OR_DELETE + target(d.path());
        return total;
    }

    private static long target(Path path) {
        long total = element(path.elements().get(0));
        for (int i = 1; i < path.elements().size(); i++) total += TARGET_STEP + element(path.elements().get(i));
        return total;
    }

    private static long operand(Path path) {
        long total = OPERAND_BASE;
        for (Object e : path.elements()) total += OPERAND_STEP + element(e);
        return total;
    }

    private static long element(Object e) {
        return e instanceof Integer index ? Integer.toString(index).length() : ItemSize.utf8Length((String) e);
    }

    private static long value(UpdateValue v) {
        return switch (v) {
            case UpdateValue.Of of -> switch (of.operand()) {
                case Operand.Literal l -> ItemSize.of(l.value());
                case Operand.PathOperand p -> operand(p.path());
                case Operand.Size s -> operand(s.path()); // not produced by the update parser
            };
            case UpdateValue.Arithmetic a -> (a.plus() ? PLUS : MINUS) + value(a.left()) + value(a.right());
            case UpdateValue.IfNotExists i -> IF_NOT_EXISTS + operand(i.path()) + value(i.fallback());
            case UpdateValue.ListAppend l -> LIST_APPEND + value(l.left()) + value(l.right());
        };
    }
}
