// Items: Scan and Query of a table or index, pages, a grid or JSON view, and item editing.
import { h, mount, select } from "./dom.js";
import { call, all, describeCapacity } from "./api.js";
import { cell, columns, keyValue } from "./values.js";

const OPERATORS = { S: ["=", "<", "<=", ">", ">=", "between", "begins_with"], B: ["=", "<", "<=", ">", ">=", "between", "begins_with"],
  N: ["=", "<", "<=", ">", ">=", "between"] };

export async function itemsScreen(el, [tableName]) {
  const names = await all("ListTables", {}, "TableNames", "ExclusiveStartTableName", "LastEvaluatedTableName");
  if (!names.length) return mount(el, h("p", { class: "muted" }, "No tables yet: create one under Tables."));
  const name = names.includes(tableName) ? tableName : names[0];
  const { Table: table } = await call("DescribeTable", { TableName: name });
  const state = { table, pages: [undefined], view: "grid" };
  const form = builder(state, names);
  const results = h("section", { class: "card", id: "results" });
  const editor = h("div", { id: "editor" });
  const run = async (start) => {
    const f = Object.fromEntries(new FormData(form));
    state.last = f;
    try {
      const req = request(table, f, start);
      const res = await call(f.mode, req);
      state.result = res;
      showResults(results, state, res, f, run, editor);
    } catch (e) {
      mount(results, h("p", { class: "error", role: "alert" }, e.message));
    }
  };
  form.addEventListener("submit", e => { e.preventDefault(); state.pages = [undefined]; run(undefined); });
  mount(el, form, results, editor);
  state.pages = [undefined];
  run(undefined);
}

const keyOf = (schema, type) => (schema.find(k => k.KeyType === type) || {}).AttributeName;
const typeOf = (table, attr) => (table.AttributeDefinitions.find(d => d.AttributeName === attr) || {}).AttributeType || "S";

/** The key schema the form queries: the table's or the chosen index's. */
function schemaOf(table, index) {
  if (!index) return table.KeySchema;
  const all = [...(table.GlobalSecondaryIndexes || []), ...(table.LocalSecondaryIndexes || [])];
  return (all.find(i => i.IndexName === index) || table).KeySchema;
}

function builder(state, names) {
  const { table } = state;
  const indexes = [...(table.GlobalSecondaryIndexes || []), ...(table.LocalSecondaryIndexes || [])].map(i => i.IndexName);
  const keyPart = h("div", { class: "row", id: "key-condition" });
  const form = h("form", { class: "card", id: "query" },
    h("div", { class: "row" },
      h("label", {}, "Table", select({ name: "table", onchange: e => { location.hash = `#/items/${encodeURIComponent(e.target.value)}`; } }, names, table.TableName)),
      h("label", {}, "Index", select({ name: "index", onchange: () => keys() }, [["", "(table)"], ...indexes])),
      h("label", {}, "Operation", select({ name: "mode", onchange: () => keys() }, ["Scan", "Query"])),
      h("label", {}, "Limit", h("input", { name: "limit", type: "number", min: 1, value: 25 })),
      h("label", {}, "Order", select({ name: "order" }, [["forward", "forward"], ["backward", "backward"]])),
      h("label", { class: "check" }, h("input", { name: "consistent", type: "checkbox" }), "consistent read")),
    keyPart,
    h("div", { class: "row" },
      h("label", { class: "wide" }, "Filter expression", h("input", { name: "filter", placeholder: "e.g. #a > :v" })),
      h("label", { class: "wide" }, "Names and values (JSON)", h("input", { name: "exprs",
        placeholder: '{"#a": "price", ":v": {"N": "10"}}' }))),
    h("div", { class: "row" }, h("button", { type: "submit" }, "Run"),
      h("button", { type: "button", onclick: () => openEditor(state, null) }, "Create item")));
  function keys() {
    const f = Object.fromEntries(new FormData(form));
    if (f.mode !== "Query") return mount(keyPart);
    const schema = schemaOf(table, f.index);
    const pk = keyOf(schema, "HASH"), sk = keyOf(schema, "RANGE");
    mount(keyPart,
      h("label", {}, `${pk} (${typeOf(table, pk)}) =`, h("input", { name: "pk", required: true })),
      sk && h("label", {}, `${sk} (${typeOf(table, sk)})`, select({ name: "skOp" }, ["", ...OPERATORS[typeOf(table, sk)]])),
      sk && h("label", {}, "value", h("input", { name: "sk1" })),
      sk && h("label", {}, "and (between)", h("input", { name: "sk2" })));
  }
  state.form = form;
  return form;
}

/** The Scan or Query request of the form's fields. */
function request(table, f, start) {
  const req = { TableName: table.TableName };
  if (f.index) req.IndexName = f.index;
  if (f.limit) req.Limit = Number(f.limit);
  if (f.consistent) req.ConsistentRead = true;
  if (start) req.ExclusiveStartKey = start;
  const names = {}, values = {};
  if (f.exprs && f.exprs.trim()) {
    for (const [k, v] of Object.entries(JSON.parse(f.exprs))) (k.startsWith("#") ? names : values)[k] = v;
  }
  if (f.filter && f.filter.trim()) req.FilterExpression = f.filter;
  if (f.mode === "Query") {
    const schema = schemaOf(table, f.index);
    const pk = keyOf(schema, "HASH"), sk = keyOf(schema, "RANGE");
    names["#pk"] = pk;
    values[":pk"] = keyValue(typeOf(table, pk), f.pk);
    let cond = "#pk = :pk";
    if (sk && f.skOp) {
      names["#sk"] = sk;
      const type = typeOf(table, sk);
      values[":sk1"] = keyValue(type, f.sk1);
      if (f.skOp === "between") { values[":sk2"] = keyValue(type, f.sk2); cond += " AND #sk BETWEEN :sk1 AND :sk2"; }
      else if (f.skOp === "begins_with") cond += " AND begins_with(#sk, :sk1)";
      else cond += ` AND #sk ${f.skOp} :sk1`;
    }
    req.KeyConditionExpression = cond;
    req.ScanIndexForward = f.order !== "backward";
  }
  if (Object.keys(names).length) req.ExpressionAttributeNames = names;
  if (Object.keys(values).length) req.ExpressionAttributeValues = values;
  return req;
}

function showResults(el, state, res, f, run, editor) {
  const { table } = state;
  const items = res.Items || [];
  const schema = schemaOf(table, f.index);
  const cols = columns(items, [keyOf(table.KeySchema, "HASH"), keyOf(table.KeySchema, "RANGE"),
    keyOf(schema, "HASH"), keyOf(schema, "RANGE")]);
  const page = state.pages.length;
  const view = state.view === "json"
    ? h("pre", { class: "json", id: "json-view" }, JSON.stringify(items, null, 2))
    : h("table", { class: "grid", id: "items" },
        h("thead", {}, h("tr", {}, cols.map(c => h("th", {}, c)))),
        h("tbody", {}, items.map(item => h("tr", { class: "clickable", title: "Edit", onclick: () => openEditor(state, item, editor) },
          cols.map(c => h("td", {}, cell(item[c])))))));
  mount(el,
    h("div", { class: "row" },
      h("span", { id: "summary" }, `${f.mode}: ${res.Count} items (${res.ScannedCount} scanned), page ${page}`),
      h("span", { class: "capacity", id: "result-capacity" }, describeCapacity(res.ConsumedCapacity)),
      h("span", { class: "spacer" }),
      h("button", { type: "button", onclick: () => { state.view = state.view === "json" ? "grid" : "json"; showResults(el, state, res, f, run, editor); } },
        state.view === "json" ? "Grid view" : "JSON view"),
      h("button", { type: "button", disabled: page === 1, onclick: () => { state.pages.pop(); run(state.pages[state.pages.length - 1]); } }, "Previous page"),
      h("button", { type: "button", disabled: !res.LastEvaluatedKey, onclick: () => { state.pages.push(res.LastEvaluatedKey); run(res.LastEvaluatedKey); } }, "Next page")),
    items.length ? view : h("p", { class: "muted" }, "No items on this page."));
}

/** Edits one item as DynamoDB JSON (a new one when item is null): PutItem saves, DeleteItem deletes. */
function openEditor(state, item, where) {
  const { table } = state;
  const el = where || document.getElementById("editor");
  const pk = keyOf(table.KeySchema, "HASH"), sk = keyOf(table.KeySchema, "RANGE");
  const template = item || Object.fromEntries([pk, sk].filter(Boolean).map(k => [k, { [typeOf(table, k)]: "" }]));
  const text = h("textarea", { name: "item", rows: 14, spellcheck: "false" }, JSON.stringify(template, null, 2));
  const message = h("p", { class: "error", role: "alert" });
  const close = () => mount(el);
  const act = async (operation, params) => {
    message.textContent = "";
    try {
      const res = await call(operation, { TableName: table.TableName, ...params() });
      close(); // the request bar keeps what it cost
      state.form.requestSubmit();
    } catch (e) { message.textContent = e.message; }
  };
  const key = () => Object.fromEntries([pk, sk].filter(Boolean).map(k => [k, item[k]]));
  mount(el, h("section", { class: "card", id: "item-editor" },
    h("h2", {}, item ? "Edit item" : "Create item"),
    h("p", { class: "muted" }, "DynamoDB JSON. Saving writes the whole item (PutItem); a changed key writes a new item."),
    text,
    h("div", { class: "row" },
      h("button", { type: "button", id: "save-item", onclick: () => act("PutItem", () => ({ Item: JSON.parse(text.value) })) }, "Save"),
      item && h("button", { type: "button", class: "danger", onclick: () => act("DeleteItem", () => ({ Key: key() })) }, "Delete"),
      h("button", { type: "button", onclick: close }, "Close")),
    message));
  text.focus();
}
