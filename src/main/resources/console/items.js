// Items: Scan and Query of a table or index, pages, a grid or JSON view, export of the shown items,
// and item editing.
import { useEffect, useRef, useState } from "preact/hooks";
import { h, Select, ErrorText, Muted, ItemGrid, useLoad, useTablePick, describeTable, keyOf, typeOf, indexesOf } from "./ui.js";
import { call, describeCapacity } from "./api.js";
import { cell, columns, keyValue, plainItem, fromPlain, fromPlainItem, plainRoundTrips } from "./values.js";

const TYPES = new Set(["S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"]);
/** Whether a JSON value is already DynamoDB JSON: an object with exactly one type member. */
const isAttributeValue = v => v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 1 && TYPES.has(Object.keys(v)[0]);
import { ExportButtons, MAX_EXPORT_ITEMS } from "./export.js";
import { CopyAsCode } from "./code.js";
import { updateOf, unchangedCondition, notExisting, keyText, sameValue } from "./item-save.js";

const OPERATORS = { S: ["=", "<", "<=", ">", ">=", "between", "begins_with"], B: ["=", "<", "<=", ">", ">=", "between", "begins_with"],
  N: ["=", "<", "<=", ">", ">=", "between"] };

export function ItemsScreen({ args: [wanted] }) {
  const { names, name, picker, error } = useTablePick("items", wanted);
  const [table, tableError] = useLoad(() => name && describeTable(name), [name]);
  if (error || tableError) return h(ErrorText, { error: error || tableError });
  if (names && !names.length) return h(Muted, {}, "No tables yet: create one under Tables.");
  if (!table) return h(Muted, {}, "Loading…");
  return h(Browser, { table, picker });
}

/** The key schema the form queries: the table's or the chosen index's. */
function schemaOf(table, index) {
  return (index && indexesOf(table).find(i => i.IndexName === index) || table).KeySchema;
}

/** The query and the open item as the page's URL holds them (#/items/TABLE?index=..&mode=..&item=..). */
const urlParams = () => new URLSearchParams(location.hash.split("?")[1] || "");

/**
 * Puts the form's query, its page and the open item into the URL without a reload, so a reload or a
 * shared link shows the same page and item: a new query or page is a new history entry (Back
 * returns to the previous one), opening or closing an item replaces the current entry.
 */
function remember(table, f, start, itemKey, push) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f || {})) if (v !== "" && v !== undefined) q.set(k, v);
  if (start) q.set("start", JSON.stringify(start));
  if (itemKey) q.set("item", JSON.stringify(itemKey));
  const text = q.toString();
  const url = `#/items/${encodeURIComponent(table.TableName)}${text ? `?${text}` : ""}`;
  if (url === location.hash) return;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

function Browser({ table, picker }) {
  const form = useRef(null);
  const last = useRef({}); // the query and page start last run, for the URL
  const initial = urlParams();
  const [choice, setChoice] = useState({ index: initial.get("index") || "", mode: initial.get("mode") || "Scan" });
  const [conditions, setConditions] = useState(() => { let n = 0; while (initial.has(`c${n}attr`)) n++; return n; });
  const [pages, setPages] = useState([undefined]); // the ExclusiveStartKey of each page so far
  const [result, setResult] = useState(null);
  const [editing, setEditing] = useState(undefined); // an item, null for a new one
  const [draft, setDraft] = useState(null); // a new item's starting content (Duplicate)
  const [done, setDone] = useState(null); // what the last editor action did, and its undo
  const run = async (pageStarts, fromHistory) => {
    const f = Object.fromEntries(new FormData(form.current));
    setPages(pageStarts);
    const known = last.current.f !== undefined;
    last.current = { f, start: pageStarts[pageStarts.length - 1] };
    if (!fromHistory) remember(table, f, last.current.start, urlParams().get("item") && JSON.parse(urlParams().get("item")), known);
    try {
      const res = await call(f.mode, request(table, f, pageStarts[pageStarts.length - 1]));
      setResult({ res, f });
    } catch (e) { setResult({ error: e }); }
  };
  const pk0 = keyOf(table.KeySchema, "HASH"), sk0 = keyOf(table.KeySchema, "RANGE");
  const itemKey = it => it && Object.fromEntries([pk0, sk0].filter(Boolean).map(k => [k, it[k]]));
  /** The URL's query, page and item into the form, the result and the editor. */
  const fromUrl = (params, fromHistory) => {
    if (!form.current || !location.hash.startsWith("#/items/")) return; // Back left this screen
    for (const field of form.current.elements) {
      if (!field.name || field.name === "index" || field.name === "mode" || field.name === "table") continue;
      if (field.type === "checkbox") field.checked = params.has(field.name);
      else if (params.has(field.name)) field.value = params.get(field.name);
      else if (fromHistory) field.value = field.name === "limit" ? "25" : field.tagName === "SELECT" ? field.options[0].value : "";
    }
    const start = params.get("start");
    run(start ? [undefined, JSON.parse(start)] : [undefined], fromHistory);
    const wanted = params.get("item");
    if (wanted) {
      call("GetItem", { TableName: table.TableName, Key: JSON.parse(wanted) })
        .then(r => r.Item && setEditing(r.Item), e => setResult({ error: e }));
    } else if (fromHistory) setEditing(undefined);
  };
  useEffect(() => fromUrl(initial, false), []); // a reload or a shared link
  useEffect(() => { // Back and Forward between queries and pages of this table
    const onPop = () => {
      const params = urlParams();
      let n = 0;
      while (params.has(`c${n}attr`)) n++;
      setConditions(n);
      setChoice({ index: params.get("index") || "", mode: params.get("mode") || "Scan" });
      setTimeout(() => fromUrl(params, true)); // after the form shows the fields of that mode
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  useEffect(() => { // the open item follows the editor
    if (last.current.f) remember(table, last.current.f, last.current.start, editing ? itemKey(editing) : undefined);
  }, [editing]);
  const indexes = indexesOf(table).map(i => i.IndexName);
  const schema = schemaOf(table, choice.index);
  const pk = keyOf(schema, "HASH"), sk = keyOf(schema, "RANGE");
  const onChoice = e => setChoice(c => ({ ...c, [e.target.name]: e.target.value }));
  return [
    h("form", { class: "card", id: "query", ref: form, onSubmit: e => { e.preventDefault(); run([undefined]); } },
      h("div", { class: "row" },
        h("label", {}, "Table", picker),
        h("label", {}, "Index", h(Select, { name: "index", value: choice.index, options: [["", "(table)"], ...indexes], onChange: onChoice })),
        h("label", {}, "Operation", h(Select, { name: "mode", value: choice.mode, options: ["Scan", "Query"], onChange: onChoice })),
        h("label", {}, "Limit", h("input", { name: "limit", type: "number", min: 1, defaultValue: 25 })),
        h("label", {}, "Order", h(Select, { name: "order", options: ["forward", "backward"] })),
        h("label", { class: "check" }, h("input", { name: "consistent", type: "checkbox" }), "consistent read")),
      choice.mode === "Query" && h("div", { class: "row", id: "key-condition" },
        h("label", {}, `${pk} (${typeOf(table, pk)}) =`, h("input", { name: "pk", required: true })),
        sk && h("label", {}, `${sk} (${typeOf(table, sk)})`, h(Select, { name: "skOp", options: ["", ...OPERATORS[typeOf(table, sk)]] })),
        sk && h("label", {}, "value", h("input", { name: "sk1" })),
        sk && h("label", {}, "and (between)", h("input", { name: "sk2" }))),
      h("div", { class: "row" },
        h("label", { class: "wide" }, "Filter expression", h("input", { name: "filter", placeholder: "e.g. #a > :v" })),
        h("label", { class: "wide" }, "Names and values (JSON)", h("input", { name: "exprs", placeholder: '{"#a": "price", ":v": 10} or {":v": {"N": "10"}}' }))),
      h(FilterBuilder, { count: conditions, setCount: setConditions }),
      h("div", { class: "row" }, h("button", { type: "submit" }, "Run"),
        h("button", { type: "button", onClick: () => { setDraft(null); setEditing(null); } }, "Create item"))),
    h("section", { class: "card", id: "results" }, result && (result.error ? h(ErrorText, { error: result.error })
      : h(Results, { table, ...result, pages, run, edit: setEditing }))),
    h("div", { id: "editor" }, editing !== undefined && h(ItemEditor, { key: editing ? JSON.stringify(editing) : "new" + JSON.stringify(draft), table,
      item: editing, draft, close: () => setEditing(undefined), saved: done => { setEditing(undefined); setDone(done || null); run(pages); },
      reopen: now => setEditing(now), duplicate: av => { setDraft(av); setEditing(null); } })),
    done && h("div", { class: "card notice", id: "done" }, done.message, " ",
      done.undo && h("button", { type: "button", id: "undo", onClick: async () => {
        try { await done.undo(); setDone(null); run(pages); } catch (e) { setDone({ message: `Could not undo: ${e.message}` }); }
      } }, "Undo")),
  ];
}

const FILTER_OPERATORS = ["=", "<>", "<", "<=", ">", ">=", "begins_with", "contains", "exists", "not exists"];

/**
 * The filter builder's conditions (form fields cNattr, cNop, cNtype, cNvalue) as one expression
 * joined by AND, their names and values added to the request's; null when there are none.
 */
function builtFilter(f, names, values) {
  const parts = [];
  for (let i = 0; f[`c${i}attr`] !== undefined; i++) {
    const attr = f[`c${i}attr`].trim();
    if (!attr) continue;
    const n = `#f${i}`, v = `:f${i}`, op = f[`c${i}op`];
    names[n] = attr;
    if (op === "exists") { parts.push(`attribute_exists(${n})`); continue; }
    if (op === "not exists") { parts.push(`attribute_not_exists(${n})`); continue; }
    const text = f[`c${i}value`] ?? "";
    values[v] = f[`c${i}type`] === "N" ? { N: text } : f[`c${i}type`] === "BOOL" ? { BOOL: text === "true" } : { S: text };
    parts.push(op === "begins_with" || op === "contains" ? `${op}(${n}, ${v})` : `${n} ${op} ${v}`);
  }
  return parts.length ? parts.join(" AND ") : null;
}

/** The filter builder: one row per condition (attribute, operator, type, value), fields of the form. */
function FilterBuilder({ count, setCount }) {
  return h("div", { id: "filter-builder" },
    Array.from({ length: count }, (_, i) => h("div", { class: "row filter-row" },
      h("label", {}, "Attribute", h("input", { name: `c${i}attr` })),
      h("label", {}, "Condition", h(Select, { name: `c${i}op`, options: FILTER_OPERATORS })),
      h("label", {}, "Type", h(Select, { name: `c${i}type`, options: ["S", "N", "BOOL"] })),
      h("label", {}, "Value", h("input", { name: `c${i}value` })))),
    h("div", { class: "row" },
      h("button", { type: "button", id: "add-condition", onClick: () => setCount(count + 1) }, "Add condition"),
      count > 0 && h("button", { type: "button", onClick: () => setCount(count - 1) }, "Remove last"),
      h("span", { class: "muted" }, "Conditions are joined by AND with the filter expression above.")));
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
    // a value may be typed plainly ({":v": 10}) or as DynamoDB JSON ({":v": {"N": "10"}})
    for (const [k, v] of Object.entries(JSON.parse(f.exprs))) {
      if (k.startsWith("#")) names[k] = v;
      else values[k] = isAttributeValue(v) ? v : fromPlain(v);
    }
  }
  const built = builtFilter(f, names, values);
  const filters = [f.filter && f.filter.trim() && `(${f.filter.trim()})`, built].filter(Boolean);
  if (filters.length) req.FilterExpression = filters.length === 1 && !built ? f.filter.trim() : filters.join(" AND ");
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

/** Every page of the form's Scan or Query (for export), up to MAX_EXPORT_ITEMS items. */
async function everyPage(table, f, schema) {
  const items = [];
  let start;
  do {
    const page = await call(f.mode, request(table, { ...f, limit: "" }, start)); // whole 1 MB pages
    items.push(...(page.Items || []));
    start = page.LastEvaluatedKey;
  } while (start && items.length < MAX_EXPORT_ITEMS);
  return { items, cols: columns(items, [keyOf(table.KeySchema, "HASH"), keyOf(table.KeySchema, "RANGE"), keyOf(schema, "HASH"), keyOf(schema, "RANGE")]) };
}

const hiddenKey = table => `basalt.console.columns.${table}`;
const deletedKey = table => `basalt.console.deleted.${table}`;
/** The columns hidden in a table's grid (this browser remembers them per table). */
const hiddenColumns = table => new Set(JSON.parse(localStorage.getItem(hiddenKey(table)) || "[]"));
/** The items last deleted from the grid (kept in this browser, for Restore). */
const deletedItems = table => JSON.parse(localStorage.getItem(deletedKey(table)) || "[]");

/** Deletes items with BatchWriteItem, 25 a request, retrying what comes back unprocessed. */
async function deleteAll(table, keyNames, items) {
  for (let i = 0; i < items.length; i += 25) {
    let requests = items.slice(i, i + 25).map(it => ({ DeleteRequest: { Key: Object.fromEntries(keyNames.map(k => [k, it[k]])) } }));
    for (let attempt = 0; requests.length && attempt < 8; attempt++) {
      const r = await call("BatchWriteItem", { RequestItems: { [table]: requests } });
      requests = r.UnprocessedItems?.[table] || [];
      if (requests.length) await new Promise(done => setTimeout(done, 100 * 2 ** attempt));
    }
    if (requests.length) throw new Error(`${requests.length} deletes stayed unprocessed`);
  }
}

function Results({ table, res, f, pages, run, edit }) {
  const [view, setView] = useState("grid"); // grid, json (plain) or ddb (DynamoDB JSON)
  const [selected, setSelected] = useState(new Set());
  const [hidden, setHidden] = useState(() => hiddenColumns(table.TableName));
  const [stash, setStash] = useState(() => deletedItems(table.TableName));
  const [problem, setProblem] = useState(null);
  useEffect(() => setSelected(new Set()), [res]);
  const items = res.Items || [];
  const schema = schemaOf(table, f.index);
  const keyNames = [keyOf(table.KeySchema, "HASH"), keyOf(table.KeySchema, "RANGE")].filter(Boolean);
  const allCols = columns(items, [...keyNames, keyOf(schema, "HASH"), keyOf(schema, "RANGE")]);
  const cols = allCols.filter(c => !hidden.has(c));
  const page = pages.length;
  const viewButton = (name, label) => h("button", { type: "button", disabled: view === name, onClick: () => setView(name) }, label);
  const toggleColumn = c => {
    const next = new Set(hidden);
    next.has(c) ? next.delete(c) : next.add(c);
    localStorage.setItem(hiddenKey(table.TableName), JSON.stringify([...next]));
    setHidden(next);
  };
  const remove = async list => {
    if (!list.length || !confirm(`Delete ${list.length} item${list.length > 1 ? "s" : ""}? They can be restored from this page.`)) return;
    setProblem(null);
    try {
      await deleteAll(table.TableName, keyNames, list);
      const kept = [...list, ...stash].slice(0, 1000);
      localStorage.setItem(deletedKey(table.TableName), JSON.stringify(kept));
      setStash(kept);
      run(pages);
    } catch (e) { setProblem(e); }
  };
  const restore = async () => {
    setProblem(null);
    const left = [];
    for (const item of stash) { // only where the key is free again: nothing written since is replaced
      try { await call("PutItem", { TableName: table.TableName, Item: item, ConditionExpression: "attribute_not_exists(#k)",
        ExpressionAttributeNames: { "#k": keyNames[0] } }); }
      catch (e) { if (e.type !== "ConditionalCheckFailedException") left.push(item); }
    }
    localStorage.setItem(deletedKey(table.TableName), JSON.stringify(left));
    setStash(left);
    run(pages);
  };
  const chosen = items.filter(i => selected.has(i));
  return [
    h("div", { class: "row" },
      h("span", { id: "summary" }, `${f.mode}: ${res.Count} items (${res.ScannedCount} scanned), page ${page}`),
      h("span", { class: "capacity", id: "result-capacity" }, describeCapacity(res.ConsumedCapacity)),
      h("span", { class: "spacer" }),
      h(ExportButtons, { items, cols, name: `${table.TableName}${f.index ? "." + f.index : ""}-page${page}`, all: () => everyPage(table, f, schema) }),
      viewButton("grid", "Grid view"), viewButton("json", "JSON view"), viewButton("ddb", "DynamoDB JSON view"),
      h("button", { type: "button", disabled: page === 1, onClick: () => run(pages.slice(0, -1)) }, "Previous page"),
      h("button", { type: "button", disabled: !res.LastEvaluatedKey, onClick: () => run([...pages, res.LastEvaluatedKey]) }, "Next page")),
    h("div", { class: "row" },
      h("details", { id: "columns" }, h("summary", {}, `Columns (${cols.length} of ${allCols.length})`),
        allCols.map(c => h("label", { class: "check" }, h("input", { type: "checkbox", name: `col-${c}`, checked: !hidden.has(c), onChange: () => toggleColumn(c) }), c))),
      chosen.length > 0 && [
        h("button", { type: "button", id: "delete-selected", class: "danger", onClick: () => remove(chosen) }, `Delete selected (${chosen.length})`),
        h(ExportButtons, { items: chosen, cols, name: `${table.TableName}-selected`, idSuffix: "-selected" })],
      stash.length > 0 && h("button", { type: "button", id: "restore-deleted", onClick: restore }, `Restore ${stash.length} deleted item${stash.length > 1 ? "s" : ""}`)),
    h(ErrorText, { error: problem }),
    h(CopyAsCode, { operation: f.mode, params: request(table, f, pages[pages.length - 1]) }),
    !items.length ? h(Muted, {}, "No items on this page.")
      : view === "json" ? h("pre", { class: "json", id: "json-view" }, JSON.stringify(items.map(plainItem), null, 2))
      : view === "ddb" ? h("pre", { class: "json", id: "ddb-json-view" }, JSON.stringify(items, null, 2))
      : h(ItemGrid, { id: "items", items, cols, cell, onRow: edit, onDelete: remove, selected, onSelect: setSelected }),
  ];
}

/**
 * Edits one item (a new one when item is null) as plain JSON or DynamoDB JSON. Saving never loses
 * data (item-save.js): a new item is written only if its key is free (else the editor says so and
 * offers to replace it), an edit writes only the attributes that changed and only while they are
 * as the editor found them (else a conflict is shown, nothing written, and the current item can be
 * loaded), a changed key moves the item (one transaction: put under the new key if free, delete the
 * old one if unchanged). Delete asks first and can be undone. Plain JSON is offered only for items
 * it holds exactly (no sets, binaries or numbers beyond JavaScript's).
 */
function ItemEditor({ table, item, draft, close, saved, duplicate, reopen }) {
  const pk = keyOf(table.KeySchema, "HASH"), sk = keyOf(table.KeySchema, "RANGE");
  const keyNames = [pk, sk].filter(Boolean);
  const template = item || draft || Object.fromEntries(keyNames.map(k => [k, { [typeOf(table, k)]: "" }]));
  const plainOk = plainRoundTrips(template);
  const [format, setFormat] = useState("ddb");
  const text = useRef(null);
  const [error, setError] = useState(null);
  const [problem, setProblem] = useState(null); // { message, actions: [[label, fn]] }
  useEffect(() => text.current.focus(), []);
  const current = () => { // the textarea's item as DynamoDB JSON
    const v = JSON.parse(text.current.value);
    return format === "plain" ? fromPlainItem(v) : v;
  };
  const switchTo = next => {
    setError(null);
    try {
      const av = current();
      text.current.value = JSON.stringify(next === "plain" ? plainItem(av) : av, null, 2);
      setFormat(next);
    } catch (e) { setError(e); }
  };
  const send = async (operation, params, onConditionFailed) => {
    setError(null);
    setProblem(null);
    try {
      await call(operation, { TableName: table.TableName, ...params }); // the request bar keeps what it cost
      return true;
    } catch (e) {
      if (onConditionFailed && (e.type === "ConditionalCheckFailedException" || e.type === "TransactionCanceledException")) onConditionFailed(e);
      else setError(e);
      return false;
    }
  };
  const key = it => Object.fromEntries(keyNames.map(k => [k, it[k]]));
  const changedSinceOpened = e => {
    const now = e.data && e.data.Item;
    setProblem({ message: now ? "This item was changed since you opened it: nothing was saved. Load the current version to edit it again."
        : "This item was deleted since you opened it: nothing was saved.",
      actions: now ? [["Load the current version", () => reopen(now)]] : [] });
  };
  const replace = async edited => {
    if (!confirm(`Replace the existing item ${keyText(keyNames, edited)} with this one? Its current attributes will be lost.`)) return;
    if (await send("PutItem", { Item: edited })) saved();
  };
  const create = async edited => {
    const ok = await send("PutItem", { Item: edited, ...notExisting(keyNames) }, () => setProblem({
      message: `An item with the key ${keyText(keyNames, edited)} already exists: saving would replace it.`,
      actions: [["Replace it", () => replace(edited)]] }));
    if (ok) saved();
  };
  const move = async edited => {
    if (!confirm(`Move the item from ${keyText(keyNames, item)} to ${keyText(keyNames, edited)}? The item under the old key is deleted.`)) return;
    const ok = await send("TransactWriteItems", { TransactItems: [
      { Put: { TableName: table.TableName, Item: edited, ...notExisting(keyNames) } },
      { Delete: { TableName: table.TableName, Key: key(item), ...unchangedCondition(keyNames, item) } }] }, e => {
      const reasons = (e.data && e.data.CancellationReasons || []).map(r => r.Code);
      if (reasons[0] === "ConditionalCheckFailed") {
        setProblem({ message: `An item with the key ${keyText(keyNames, edited)} already exists: nothing was moved.`, actions: [] });
      } else if (reasons[1] === "ConditionalCheckFailed") {
        setProblem({ message: "This item was changed or deleted since you opened it: nothing was moved.", actions: [] });
      } else setError(e);
    });
    if (ok) saved();
  };
  const save = async () => {
    let edited;
    try { edited = current(); } catch (e) { setError(e); return; }
    if (!item) return create(edited);
    if (keyNames.some(k => !sameValue(item[k], edited[k]))) return move(edited);
    const update = updateOf(keyNames, item, edited);
    if (!update) { setProblem({ message: "Nothing changed: nothing to save.", actions: [] }); return; }
    if (update.tooLarge) {
      if (!confirm("This change is too large to check against changes made since you opened the item. Save the whole item anyway?")) return;
      if (await send("PutItem", { Item: edited })) saved();
      return;
    }
    if (await send("UpdateItem", { Key: key(item), ...update, ReturnValuesOnConditionCheckFailure: "ALL_OLD" }, changedSinceOpened)) saved();
  };
  const remove = async () => {
    if (!confirm(`Delete the item ${keyText(keyNames, item)}?`)) return;
    if (await send("DeleteItem", { Key: key(item), ...unchangedCondition(keyNames, item), ReturnValuesOnConditionCheckFailure: "ALL_OLD" },
        changedSinceOpened)) {
      saved({ message: `Deleted the item ${keyText(keyNames, item)}.`, undo: () => call("PutItem",
        { TableName: table.TableName, Item: item, ...notExisting(keyNames) }) });
    }
  };
  return h("section", { class: "card", id: "item-editor" },
    h("h2", {}, item ? "Edit item" : draft ? "Create item (a copy: change its key)" : "Create item"),
    h("div", { class: "row" },
      h("label", {}, h("input", { type: "radio", name: "format", checked: format === "ddb", onChange: () => switchTo("ddb") }), " DynamoDB JSON"),
      h("label", { title: plainOk ? "" : "sets, binaries or long numbers need DynamoDB JSON" },
        h("input", { type: "radio", name: "format", id: "format-plain", disabled: !plainOk, checked: format === "plain", onChange: () => switchTo("plain") }), " JSON")),
    h("p", { class: "muted" }, item ? "Saving writes only what you changed, and only if nobody changed it meanwhile; a changed key moves the item."
      : "Saving creates the item only if no item has its key."),
    h("textarea", { ref: text, name: "item", rows: 14, spellcheck: false, defaultValue: JSON.stringify(template, null, 2) }),
    h("div", { class: "row" },
      h("button", { type: "button", id: "save-item", onClick: save }, "Save"),
      item && h("button", { type: "button", id: "duplicate-item", onClick: () => { try { duplicate(current()); } catch (e) { setError(e); } } }, "Duplicate"),
      item && h("button", { type: "button", id: "delete-item", class: "danger", onClick: remove }, "Delete"),
      h("button", { type: "button", onClick: close }, "Close")),
    problem && h("div", { class: "problem", id: "save-problem" }, h("p", {}, problem.message),
      problem.actions.map(([label, fn]) => h("button", { type: "button", onClick: fn }, label))),
    h(ErrorText, { error }));
}
