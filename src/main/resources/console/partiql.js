// PartiQL: a statement editor with its history (this browser's local storage) and a result grid.
import { useRef, useState } from "preact/hooks";
import { h, ErrorText, Muted, ItemGrid } from "./ui.js";
import { call, describeCapacity } from "./api.js";
import { cell, columns } from "./values.js";
import { ExportButtons } from "./export.js";

const KEY = "basalt.console.partiql.history";
const history = () => JSON.parse(localStorage.getItem(KEY) || "[]");

function remember(statement) {
  const list = [statement, ...history().filter(s => s !== statement)].slice(0, 30);
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function PartiqlScreen() {
  const editor = useRef(null);
  const limitInput = useRef(null);
  const [past, setPast] = useState(history);
  const [result, setResult] = useState(null);
  const run = async nextToken => {
    const statement = editor.current.value.trim();
    if (!statement) return;
    remember(statement);
    setPast(history());
    try {
      const limit = Number(limitInput.current.value) || undefined; // a page of at most this many items (ExecuteStatement's Limit)
      const res = await call("ExecuteStatement", { Statement: statement, Limit: limit, ...(nextToken ? { NextToken: nextToken } : {}) });
      setResult({ res });
    } catch (error) { setResult({ error }); }
  };
  return [
    h("section", { class: "card" }, h("h2", {}, "PartiQL"),
      h("textarea", { id: "statement", ref: editor, rows: 5, spellcheck: false, placeholder: 'SELECT * FROM "Table" WHERE pk = \'a\'',
        onKeyDown: e => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run(); } }),
      h("div", { class: "row" }, h("button", { type: "button", id: "run-statement", onClick: () => run() }, "Run"),
        h("label", { class: "check" }, "Limit", h("input", { ref: limitInput, id: "statement-limit", type: "number", min: 1, defaultValue: 100 })),
        h("span", { class: "muted" }, "Ctrl+Enter runs. ExecuteStatement, one statement at a time."))),
    h("section", { class: "card", id: "partiql-results" }, result && (result.error ? h(ErrorText, { error: result.error }) : h(Result, { res: result.res, run }))),
    h("section", { class: "card" }, h("h2", {}, "History"),
      h("ul", { class: "history", id: "history" }, past.map(s => h("li", {}, h("a", { href: "#/partiql", onClick: e => {
        e.preventDefault(); editor.current.value = s; editor.current.focus(); } }, s))))),
  ];
}

function Result({ res, run }) {
  const items = res.Items || [];
  const cols = columns(items, []);
  return [
    h("div", { class: "row" }, h("span", { id: "partiql-summary" }, `${items.length} items`),
      h("span", { class: "capacity" }, describeCapacity(res.ConsumedCapacity)), h("span", { class: "spacer" }),
      h(ExportButtons, { items, cols, name: "partiql" }),
      res.NextToken && h("button", { type: "button", onClick: () => run(res.NextToken) }, "Next page")),
    items.length ? h(ItemGrid, { items, cols, cell }) : h(Muted, {}, "Done; no items returned."),
  ];
}
