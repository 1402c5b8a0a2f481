// Model: a table as NoSQL Workbench shows a single-table design — its items grouped by partition
// key, then each GSI as its own facet (the items that carry the index's keys, grouped by its
// partition key, with its projection) — and, once a migration model file (docs/migration.md) is
// loaded, each access pattern with the key condition and the facet that serve it.
import { useState } from "preact/hooks";
import { h, ErrorText, Muted, useLoad, useTablePick, describeTable, keyOf, typeOf } from "./ui.js";
import { call } from "./api.js";
import { cell, columns } from "./values.js";

const MAX_ITEMS = 1000;

async function scanAll(name) {
  const items = [];
  let start;
  do {
    const page = await call("Scan", { TableName: name, ...(start ? { ExclusiveStartKey: start } : {}) });
    items.push(...page.Items);
    start = page.LastEvaluatedKey;
  } while (start && items.length < MAX_ITEMS);
  return { items: items.slice(0, MAX_ITEMS), more: !!start };
}

export function ModelScreen({ args: [wanted] }) {
  const { names, name, picker, error } = useTablePick("model", wanted);
  const [data, dataError] = useLoad(async () => name && { table: await describeTable(name), ...(await scanAll(name)) }, [name]);
  const [model, setModel] = useState(null);
  if (error || dataError) return h(ErrorText, { error: error || dataError });
  if (names && !names.length) return h(Muted, {}, "No tables yet.");
  return [
    h("section", { class: "card" },
      h("div", { class: "row" }, h("label", {}, "Table", picker),
        h("label", {}, "Migration model file (YAML, read in this browser)", h("input", { type: "file", id: "model-file", accept: ".yaml,.yml",
          onChange: e => loadModel(e.target.files[0]).then(setModel, err => setModel({ error: err })) })),
        h("span", { class: "spacer" }),
        data && h("span", { class: "muted", id: "model-summary" }, `${data.items.length} items${data.more ? ` (the first ${MAX_ITEMS})` : ""}`))),
    model && h(Patterns, { model, table: data?.table }),
    data ? facets(data.table).map(f => h(Facet, { key: f.name, facet: f, items: data.items, table: data.table })) : h(Muted, {}, "Loading…"),
  ];
}

async function loadModel(file) {
  const yaml = await import("js-yaml");
  const doc = yaml.load(await file.text());
  if (!doc || !Array.isArray(doc.accessPatterns)) throw new Error(`${file.name}: no accessPatterns list`);
  return { name: file.name, doc };
}

/** The table and each GSI as a facet: its key and the attributes it holds. */
function facets(table) {
  const keys = table.KeySchema;
  return [{ name: table.TableName, kind: "table", schema: keys, projection: { ProjectionType: "ALL" } },
    ...(table.GlobalSecondaryIndexes || []).map(i => ({ name: i.IndexName, kind: "GSI", schema: i.KeySchema, projection: i.Projection, tableKeys: keys })),
    ...(table.LocalSecondaryIndexes || []).map(i => ({ name: i.IndexName, kind: "LSI", schema: i.KeySchema, projection: i.Projection, tableKeys: keys }))];
}

const compare = type => (a, b) => {
  if (!a || !b) return a ? 1 : b ? -1 : 0;
  const x = Object.values(a)[0], y = Object.values(b)[0];
  return type === "N" ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
};

function Facet({ facet, items, table }) {
  const pk = keyOf(facet.schema, "HASH"), sk = keyOf(facet.schema, "RANGE");
  const held = items.filter(i => i[pk] && (!sk || i[sk])); // an index is sparse: items without its keys are not in it
  const groups = new Map();
  for (const item of held) {
    const k = JSON.stringify(item[pk]);
    groups.set(k, [...(groups.get(k) || []), item]);
  }
  const ordered = [...groups.values()].sort((a, b) => compare(typeOf(table, pk))(a[0][pk], b[0][pk]));
  if (sk) for (const g of ordered) g.sort((a, b) => compare(typeOf(table, sk))(a[sk], b[sk]));
  const keyNames = [pk, sk, ...(facet.tableKeys || []).map(k => k.AttributeName)].filter(Boolean);
  const p = facet.projection;
  const attrs = p.ProjectionType === "ALL" ? columns(held, keyNames).filter(c => !keyNames.includes(c))
    : p.ProjectionType === "INCLUDE" ? p.NonKeyAttributes || [] : [];
  const rest = [...new Set(keyNames.slice(sk ? 2 : 1))].filter(c => c !== pk && c !== sk);
  const cols = [...rest, ...attrs];
  return h("section", { class: "card facet", "data-facet": facet.name },
    h("h2", {}, `${facet.kind === "table" ? "Table" : facet.kind} ${facet.name}: ${groups.size} partition keys, ${held.length} items`,
      facet.kind !== "table" && p.ProjectionType !== "ALL" ? ` (projection ${p.ProjectionType})` : ""),
    held.length ? h("table", { class: "grid" },
      h("thead", {}, h("tr", {}, h("th", {}, `${pk} (partition key)`), sk && h("th", {}, `${sk} (sort key)`), cols.map(c => h("th", {}, c)))),
      h("tbody", {}, ordered.flatMap(g => g.map((item, n) => h("tr", {},
        n === 0 && h("td", { class: "pk", rowSpan: g.length }, cell(item[pk])),
        sk && h("td", {}, cell(item[sk])), cols.map(c => h("td", {}, cell(item[c]))))))))
      : h(Muted, {}, "No items carry this facet's key attributes."));
}

const WHOLE_KEY = new Set(["GetItem", "BatchGetItem", "TransactGetItems", "PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"]);

/** Attribute names a key condition compares (the names before its operators and in begins_with). */
function conditionNames(condition) {
  const names = new Set();
  for (const m of String(condition || "").matchAll(/(?:begins_with\s*\(\s*([#\w.]+)|([#\w.]+)\s*(?:=|<|>|BETWEEN\b))/gi)) names.add(m[1] || m[2]);
  return names;
}

/** Whether and how a pattern is served by the live table: the facet and the key condition. */
function serving(pattern, table) {
  if (!table || (pattern.table && pattern.table !== table.TableName)) return { note: "another table" };
  const index = pattern.index ? [...(table.GlobalSecondaryIndexes || []), ...(table.LocalSecondaryIndexes || [])].find(i => i.IndexName === pattern.index) : null;
  if (pattern.index && !index) return { facet: pattern.index, note: "no such index on the table", bad: true };
  const schema = (index || table).KeySchema;
  const pk = keyOf(schema, "HASH"), sk = keyOf(schema, "RANGE");
  const facet = index ? index.IndexName : table.TableName;
  if (pattern.operation === "Scan") return { facet, condition: "(none: reads every item)", note: "SCAN", bad: true };
  if (WHOLE_KEY.has(pattern.operation)) return { facet, condition: [pk, sk].filter(Boolean).map(k => `${k} = :${k}`).join(" AND "), note: "full primary key" };
  const names = conditionNames(pattern.keyCondition);
  const served = names.has(pk) && [...names].every(n => n === pk || n === sk);
  return { facet, condition: pattern.keyCondition, note: served ? `partition key ${pk}${sk && names.has(sk) ? `, sort key ${sk}` : ""}`
    : `not this facet's keys (${[pk, sk].filter(Boolean).join(", ")}): SCAN`, bad: !served };
}

function Patterns({ model, table }) {
  if (model.error) return h("section", { class: "card" }, h(ErrorText, { error: model.error }));
  const patterns = model.doc.accessPatterns;
  return h("section", { class: "card patterns" },
    h("h2", {}, `Access patterns of ${model.name} (${patterns.length})`),
    h("table", { class: "grid", id: "access-patterns" },
      h("thead", {}, h("tr", {}, ["Pattern", "Operation", "Served by", "Key condition", "Per second", "Check"].map(c => h("th", {}, c)))),
      h("tbody", {}, patterns.map(p => {
        const s = serving(p, table);
        return h("tr", { "data-pattern": p.name },
          h("td", {}, h("b", {}, p.name), p.description && h("div", { class: "muted" }, p.description)),
          h("td", {}, p.operation), h("td", {}, s.facet || p.table || ""), h("td", {}, h("code", {}, s.condition || p.keyCondition || "")),
          h("td", { class: "num" }, p.frequency ?? ""), h("td", { class: s.bad ? "error" : "" }, s.note));
      }))));
}
