// Tables: what each table is (keys, size, billing, indexes, stream, TTL); create (keys, GSIs, LSIs,
// billing) and delete; the table editor (table-edit.js) for one table's settings.
import { useState } from "preact/hooks";
import { h, Select, ErrorText, Muted, useLoad, listTables, keyText, indexesOf } from "./ui.js";
import { call } from "./api.js";
import { TableEditor } from "./table-edit.js";

const TYPES = [["S", "String"], ["N", "Number"], ["B", "Binary"]];

async function describeAll() {
  const names = await listTables();
  return Promise.all(names.map(async name => {
    try {
      const [{ Table }, ttl] = await Promise.all([call("DescribeTable", { TableName: name }),
        call("DescribeTimeToLive", { TableName: name }).catch(() => null)]);
      return { ...Table, ttl: ttl && ttl.TimeToLiveDescription };
    } catch (error) { // a key whose policy does not reach this table: the row says so
      return { TableName: name, error };
    }
  }));
}

export function TablesScreen({ args: [editing] }) {
  const [tables, error, reload] = useLoad(describeAll, []);
  const [message, setMessage] = useState(null);
  if (error) return h(ErrorText, { error });
  if (!tables) return h(Muted, {}, "Loading…");
  return [
    h("section", { class: "card" },
      h("h2", {}, `Tables (${tables.length})`),
      tables.length ? h(TableList, { tables, reload, setMessage }) : h(Muted, {}, "No tables yet."),
      h(ErrorText, { error: message })),
    editing && tables.some(t => t.TableName === editing) && h(TableEditor, { key: editing, name: editing, changed: reload }),
    h(CreateForm, { created: reload }),
  ];
}

const bytes = n => (n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);

export const billingText = t => t.BillingModeSummary?.BillingMode === "PAY_PER_REQUEST" ? "on demand"
  : `provisioned ${t.ProvisionedThroughput?.ReadCapacityUnits} RCU / ${t.ProvisionedThroughput?.WriteCapacityUnits} WCU`;

function TableList({ tables, reload, setMessage }) {
  const remove = async name => {
    if (!confirm(`Delete table ${name} and all its items?`)) return;
    setMessage(null);
    try { await call("DeleteTable", { TableName: name }); reload(); } catch (e) { setMessage(e); }
  };
  // the actions sit beside the name, so a narrow window (800 px) still shows them; the rest scrolls
  return h("div", { class: "grid-scroll" }, h("table", { class: "grid", id: "tables" },
    h("thead", {}, h("tr", {}, ["Name", "", "Status", "Keys", "Items", "Size", "Billing", "Indexes", "Stream", "TTL"].map(c => h("th", {}, c)))),
    h("tbody", {}, tables.map(t => {
      if (t.error) return h("tr", { key: t.TableName, "data-table": t.TableName }, h("td", {}, t.TableName),
        h("td", { colSpan: 9, class: "error" }, t.error.message));
      const stream = t.StreamSpecification?.StreamEnabled ? t.StreamSpecification.StreamViewType : "off";
      const ttl = t.ttl ? (t.ttl.TimeToLiveStatus === "ENABLED" ? `on (${t.ttl.AttributeName})` : t.ttl.TimeToLiveStatus.toLowerCase()) : "";
      const indexes = indexesOf(t);
      return h("tr", { key: t.TableName, "data-table": t.TableName },
        h("td", {}, h("a", { href: `#/items/${encodeURIComponent(t.TableName)}` }, t.TableName),
          t.DeletionProtectionEnabled && h("div", { class: "muted" }, "deletion protection")),
        h("td", { class: "actions" },
          h("button", { type: "button", onClick: () => { location.hash = `#/tables/${encodeURIComponent(t.TableName)}`; } }, "Edit"),
          h("button", { type: "button", class: "danger", onClick: () => remove(t.TableName) }, "Delete")),
        h("td", {}, t.TableStatus),
        h("td", {}, keyText(t.KeySchema, t.AttributeDefinitions)),
        h("td", { class: "num" }, t.ItemCount),
        h("td", { class: "num" }, bytes(t.TableSizeBytes)),
        h("td", {}, billingText(t)),
        h("td", {}, indexes.length ? indexes.map(i => h("div", {}, `${i.kind} ${i.IndexName}: ${keyText(i.KeySchema, t.AttributeDefinitions)}`
          + (i.IndexStatus && i.IndexStatus !== "ACTIVE" ? ` [${i.IndexStatus}]` : ""))) : "none"),
        h("td", {}, stream),
        h("td", {}, ttl));
    }))));
}

/** A key's name and type inputs (names PREFIXpk, PREFIXpkType, PREFIXsk, PREFIXskType). */
export function KeyFields({ prefix, legend, partition = true }) {
  const pair = (label, part, placeholder) => h("label", {}, label, h("span", { class: "pair" },
    h("input", { name: `${prefix}${part}`, placeholder }), h(Select, { name: `${prefix}${part}Type`, options: TYPES })));
  return h("fieldset", {}, h("legend", {}, legend),
    partition && pair("Partition key", "pk", "name"), pair("Sort key", "sk", partition ? "(none)" : "name"));
}

function CreateForm({ created }) {
  const [gsis, setGsis] = useState(1), [lsis, setLsis] = useState(0), [error, setError] = useState(null);
  const submit = async e => {
    e.preventDefault();
    setError(null);
    try {
      await call("CreateTable", createRequest(Object.fromEntries(new FormData(e.target)), gsis, lsis));
      created();
    } catch (err) { setError(err); }
  };
  const suffix = i => (i ? String(i) : "");
  return h("form", { class: "card", id: "create-table", onSubmit: submit },
    h("h2", {}, "Create a table"),
    h("label", {}, "Table name", h("input", { name: "name", required: true })),
    h(KeyFields, { prefix: "", legend: "Table key" }),
    h("label", {}, "Billing (read / write capacity units when provisioned)", h("span", { class: "pair" },
      h(Select, { name: "billing", options: [["PAY_PER_REQUEST", "on demand"], ["PROVISIONED", "provisioned"]] }),
      h("input", { name: "rcu", type: "number", min: 1, defaultValue: 5, title: "read capacity units" }),
      h("input", { name: "wcu", type: "number", min: 1, defaultValue: 5, title: "write capacity units" }))),
    h("label", { class: "check" }, h("input", { name: "protect", type: "checkbox" }), "deletion protection"),
    [...Array(gsis)].map((_, i) => h("fieldset", { class: "index", key: `g${i}` },
      h("legend", {}, `Global secondary index ${i + 1} (optional)`),
      h("label", {}, "Index name", h("input", { name: `gsi${suffix(i)}`, placeholder: "(none)" })),
      h(KeyFields, { prefix: `gsi${suffix(i)}`, legend: "Index key" }),
      h(Projection, { prefix: `gsi${suffix(i)}` }))),
    [...Array(lsis)].map((_, i) => h("fieldset", { class: "index", key: `l${i}` },
      h("legend", {}, `Local secondary index ${i + 1} (the table's partition key, another sort key)`),
      h("label", {}, "Index name", h("input", { name: `lsi${suffix(i)}` })),
      h(KeyFields, { prefix: `lsi${suffix(i)}`, legend: "Index sort key", partition: false }),
      h(Projection, { prefix: `lsi${suffix(i)}` }))),
    h("div", { class: "row" },
      h("button", { type: "button", id: "add-gsi", onClick: () => setGsis(n => n + 1) }, "Add a GSI"),
      h("button", { type: "button", id: "add-lsi", onClick: () => setLsis(n => n + 1) }, "Add an LSI"),
      h("span", { class: "spacer" }),
      h("button", { type: "submit" }, "Create table")),
    h(ErrorText, { error }));
}

/** An index's projection: ALL, KEYS_ONLY or INCLUDE with attribute names (PREFIXprojection, PREFIXinclude). */
export const Projection = ({ prefix }) => h("label", {}, "Projection", h("span", { class: "pair" },
  h(Select, { name: `${prefix}projection`, options: ["ALL", "KEYS_ONLY", "INCLUDE"] }),
  h("input", { name: `${prefix}include`, placeholder: "included attributes, a, b" })));

/** An index's Projection of the form's fields. */
export function projectionOf(f, prefix) {
  const type = f[`${prefix}projection`] || "ALL";
  const p = { ProjectionType: type };
  if (type === "INCLUDE") p.NonKeyAttributes = String(f[`${prefix}include`] || "").split(",").map(s => s.trim()).filter(Boolean);
  return p;
}

/** The CreateTable request of the form's fields (the API says what is wrong with it). */
export function createRequest(f, gsis = 1, lsis = 0) {
  const defs = new Map();
  const key = (pk, pkType, sk, skType) => {
    const schema = [{ AttributeName: pk, KeyType: "HASH" }];
    defs.set(pk, pkType);
    if (sk) { schema.push({ AttributeName: sk, KeyType: "RANGE" }); defs.set(sk, skType); }
    return schema;
  };
  const req = { TableName: f.name, KeySchema: key(f.pk, f.pkType, f.sk, f.skType), BillingMode: f.billing };
  const throughput = { ReadCapacityUnits: Number(f.rcu), WriteCapacityUnits: Number(f.wcu) };
  if (f.billing === "PROVISIONED") req.ProvisionedThroughput = throughput;
  if (f.protect) req.DeletionProtectionEnabled = true;
  const gsiList = [], lsiList = [];
  for (let i = 0; i < gsis; i++) {
    const p = `gsi${i ? i : ""}`;
    if (!f[p]) continue;
    const gsi = { IndexName: f[p], KeySchema: key(f[`${p}pk`], f[`${p}pkType`], f[`${p}sk`], f[`${p}skType`]), Projection: projectionOf(f, p) };
    if (f.billing === "PROVISIONED") gsi.ProvisionedThroughput = throughput;
    gsiList.push(gsi);
  }
  for (let i = 0; i < lsis; i++) {
    const p = `lsi${i ? i : ""}`;
    if (!f[p]) continue;
    lsiList.push({ IndexName: f[p], KeySchema: key(f.pk, f.pkType, f[`${p}sk`], f[`${p}skType`]), Projection: projectionOf(f, p) });
  }
  if (gsiList.length) req.GlobalSecondaryIndexes = gsiList;
  if (lsiList.length) req.LocalSecondaryIndexes = lsiList;
  req.AttributeDefinitions = [...defs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
  return req;
}
