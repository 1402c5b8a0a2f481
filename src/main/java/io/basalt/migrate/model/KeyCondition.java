package io.basalt.migrate.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The attribute conditions of an access pattern's key condition, in KeyConditionExpression syntax
 * ({@code GameId = :g AND RegistrationDate BETWEEN :from AND :to}, {@code begins_with(SK, :p)}).
 * Only what {@code model check} needs: which attribute each condition names and with which operator.
 */
public record KeyCondition(List<Term> terms) {
    public record Term(String attribute, String operator) {
        public boolean isEquality() {
            return operator.equals("=");
        }
    }

    private static final String NAME = "([A-Za-z_#][\\w.#-]*)";
    private static final String VALUE = "(:?[\\w.#:-]+|'[^']*'|\"[^\"]*\")";
    private static final Pattern BEGINS = Pattern.compile("(?i)begins_with\\s*\\(\\s*" + NAME + "\\s*,\\s*" + VALUE + "\\s*\\)");
    private static final Pattern BETWEEN = Pattern.compile("(?i)" + NAME + "\\s+between\\s+" + VALUE + "\\s+and\\s+" + VALUE);
    private static final Pattern COMPARE = Pattern.compile(NAME + "\\s*(=|<=|>=|<|>)\\s*" + VALUE);
    private static final Pattern AND = Pattern.compile("(?i)\\s*and\\s+|\\s*$");

    public static KeyCondition parse(String text) {
        List<Term> terms = new ArrayList<>();
        String s = text.trim();
        int pos = 0;
        while (pos < s.length()) {
            Matcher m;
            if ((m = BEGINS.matcher(s).region(pos, s.length())).lookingAt()) {
                terms.add(new Term(m.group(1), "begins_with"));
            } else if ((m = BETWEEN.matcher(s).region(pos, s.length())).lookingAt()) {
                terms.add(new Term(m.group(1), "between"));
            } else if ((m = COMPARE.matcher(s).region(pos, s.length())).lookingAt()) {
                terms.add(new Term(m.group(1), m.group(2)));
            } else {
                throw new ModelException("key condition '" + text + "': cannot read '" + s.substring(pos) + "'");
            }
            pos = m.end();
            Matcher and = AND.matcher(s).region(pos, s.length());
            if (!and.lookingAt()) throw new ModelException("key condition '" + text + "': expected AND at '" + s.substring(pos) + "'");
            pos = and.end();
        }
        if (terms.isEmpty()) throw new ModelException("key condition is empty");
        return new KeyCondition(terms);
    }

    /** The operator on an attribute, or null. */
    public String operatorOn(String attribute) {
        return terms.stream().filter(t -> t.attribute().equals(attribute)).map(Term::operator).findFirst().orElse(null);
    }

    @Override
    public String toString() {
        return terms.stream().map(t -> t.attribute() + " " + t.operator().toLowerCase(Locale.ROOT)).toList().toString();
    }
}
