// PartiQL: a statement editor with its history (this browser's local storage) and a result grid.
import { h, mount } from "./dom.js";
import { call, describeCapacity } from "./api.js";
import { cell, columns } from "./values.js";

const KEY = "basalt.console.partiql.history";
const history = () => JSON.parse(localStorage.getItem(KEY) || "[]");

function remember(statement) {
  const list = [statement, ...history().filter(s => s !== statement)].slice(0, 30);
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function partiqlScreen(el) {
  const editor = h("textarea", { id: "statement", rows: 5, spellcheck: "false", placeholder: 'SELECT * FROM "Table" WHERE pk = \'a\'' });
  const results = h("section", { class: "card", id: "partiql-results" });
  const past = h("ul", { class: "history", id: "history" });
  const showHistory = () => mount(past, history().map(s => h("li", {}, h("a", { href: "#/partiql", onclick: e => {
    e.preventDefault(); editor.value = s; editor.focus(); } }, s))));
  const run = async (nextToken) => {
    const statement = editor.value.trim();
    if (!statement) return;
    remember(statement);
    showHistory();
    try {
      const res = await call("ExecuteStatement", nextToken ? { Statement: statement, NextToken: nextToken } : { Statement: statement });
      const items = res.Items || [];
      const cols = columns(items, []);
      mount(results,
        h("div", { class: "row" }, h("span", { id: "partiql-summary" }, `${items.length} items`),
          h("span", { class: "capacity" }, describeCapacity(res.ConsumedCapacity)), h("span", { class: "spacer" }),
          res.NextToken && h("button", { type: "button", onclick: () => run(res.NextToken) }, "Next page")),
        items.length ? h("table", { class: "grid" }, h("thead", {}, h("tr", {}, cols.map(c => h("th", {}, c)))),
          h("tbody", {}, items.map(item => h("tr", {}, cols.map(c => h("td", {}, cell(item[c])))))))
          : h("p", { class: "muted" }, "Done; no items returned."));
    } catch (e) {
      mount(results, h("p", { class: "error", role: "alert" }, e.message));
    }
  };
  editor.addEventListener("keydown", e => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run(); });
  mount(el, h("section", { class: "card" }, h("h2", {}, "PartiQL"), editor,
      h("div", { class: "row" }, h("button", { type: "button", id: "run-statement", onclick: () => run() }, "Run"),
        h("span", { class: "muted" }, "Ctrl+Enter runs. ExecuteStatement, one statement at a time."))),
    results, h("section", { class: "card" }, h("h2", {}, "History"), past));
  showHistory();
}
