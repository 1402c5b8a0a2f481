package io.basalt.server.admin;

import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.model.Arns;

/**
 * How the operator's views name tables: by name for the default account (the only one without an
 * auth file), "ACCOUNT/NAME" for the tables of other accounts.
 */
final class AdminTables {
    private AdminTables() {}

    static String name(TableCatalog.Entry e) {
        return e.account().equals(Arns.ACCOUNT_ID) ? e.definition().name() : e.account() + "/" + e.definition().name();
    }

    static TableCatalog.Entry find(Engine engine, String adminName) {
        int slash = adminName.indexOf('/');
        return slash < 0 ? engine.catalog().find(Arns.ACCOUNT_ID, adminName)
                : engine.catalog().find(adminName.substring(0, slash), adminName.substring(slash + 1));
    }

}
