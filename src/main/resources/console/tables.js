// Tables: what each table is (keys, size, billing, indexes, stream, TTL); create and delete.
import { h, mount, select } from "./dom.js";
import { call, all } from "./api.js";

const TYPES = [["S", "String"], ["N", "Number"], ["B", "Binary"]];

export async function tablesScreen(el) {
  const names = await all("ListTables", {}, "TableNames", "ExclusiveStartTableName", "LastEvaluatedTableName");
  const tables = await Promise.all(names.map(describe));
  const message = h("p", { class: "error", role: "alert" });
  mount(el,
    h("section", { class: "card" },
      h("h2", {}, `Tables (${names.length})`),
      names.length ? tableList(tables, message, () => tablesScreen(el)) : h("p", { class: "muted" }, "No tables yet."),
      message),
    createForm(() => tablesScreen(el)));
}

async function describe(name) {
  const [{ Table }, ttl] = await Promise.all([call("DescribeTable", { TableName: name }),
    call("DescribeTimeToLive", { TableName: name }).catch(() => null)]);
  return { ...Table, ttl: ttl && ttl.TimeToLiveDescription };
}

const keyText = (schema, defs) => schema.map(k => {
  const type = (defs.find(d => d.AttributeName === k.AttributeName) || {}).AttributeType;
  return `${k.AttributeName} (${k.KeyType === "HASH" ? "partition" : "sort"}, ${type})`;
}).join(", ");

function tableList(tables, message, refresh) {
  return h("table", { class: "grid", id: "tables" },
    h("thead", {}, h("tr", {}, ["Name", "Status", "Keys", "Items", "Size", "Billing", "Indexes", "Stream", "TTL", ""].map(c => h("th", {}, c)))),
    h("tbody", {}, tables.map(t => {
      const billing = t.BillingModeSummary?.BillingMode === "PAY_PER_REQUEST" ? "on demand"
        : `provisioned ${t.ProvisionedThroughput?.ReadCapacityUnits} RCU / ${t.ProvisionedThroughput?.WriteCapacityUnits} WCU`;
      const indexes = [...(t.GlobalSecondaryIndexes || []).map(i => ({ ...i, kind: "GSI" })),
        ...(t.LocalSecondaryIndexes || []).map(i => ({ ...i, kind: "LSI" }))];
      const stream = t.StreamSpecification?.StreamEnabled ? t.StreamSpecification.StreamViewType : "off";
      const ttl = t.ttl ? (t.ttl.TimeToLiveStatus === "ENABLED" ? `on (${t.ttl.AttributeName})` : t.ttl.TimeToLiveStatus.toLowerCase()) : "";
      return h("tr", { "data-table": t.TableName },
        h("td", {}, h("a", { href: `#/items/${encodeURIComponent(t.TableName)}` }, t.TableName)),
        h("td", {}, t.TableStatus),
        h("td", {}, keyText(t.KeySchema, t.AttributeDefinitions)),
        h("td", { class: "num" }, t.ItemCount),
        h("td", { class: "num" }, bytes(t.TableSizeBytes)),
        h("td", {}, billing),
        h("td", {}, indexes.length ? indexes.map(i => h("div", {}, `${i.kind} ${i.IndexName}: ${keyText(i.KeySchema, t.AttributeDefinitions)}`
          + (i.IndexStatus && i.IndexStatus !== "ACTIVE" ? ` [${i.IndexStatus}]` : ""))) : "none"),
        h("td", {}, stream),
        h("td", {}, ttl),
        h("td", {}, h("button", { class: "danger", onclick: async () => {
          if (!confirm(`Delete table ${t.TableName} and all its items?`)) return;
          try { await call("DeleteTable", { TableName: t.TableName }); refresh(); }
          catch (e) { message.textContent = e.message; }
        } }, "Delete")));
    })));
}

const bytes = n => (n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);

function keyFields(prefix, label) {
  return h("fieldset", {}, h("legend", {}, label),
    h("label", {}, "Partition key", h("span", { class: "pair" }, h("input", { name: `${prefix}pk`, placeholder: "name" }), select({ name: `${prefix}pkType` }, TYPES))),
    h("label", {}, "Sort key", h("span", { class: "pair" }, h("input", { name: `${prefix}sk`, placeholder: "(none)" }), select({ name: `${prefix}skType` }, TYPES))));
}

function createForm(refresh) {
  const message = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "card", id: "create-table", onsubmit: async e => {
      e.preventDefault();
      message.textContent = "";
      try {
        await call("CreateTable", createRequest(Object.fromEntries(new FormData(form))));
        refresh();
      } catch (err) { message.textContent = err.message; }
    } },
    h("h2", {}, "Create a table"),
    h("label", {}, "Table name", h("input", { name: "name", required: true })),
    keyFields("", "Table key"),
    h("label", {}, "Billing (read / write capacity units when provisioned)", h("span", { class: "pair" },
      select({ name: "billing" }, [["PAY_PER_REQUEST", "on demand"], ["PROVISIONED", "provisioned"]]),
      h("input", { name: "rcu", type: "number", min: 1, value: 5, title: "read capacity units" }),
      h("input", { name: "wcu", type: "number", min: 1, value: 5, title: "write capacity units" }))),
    h("fieldset", {}, h("legend", {}, "Global secondary index (optional)"),
      h("label", {}, "Index name", h("input", { name: "gsi", placeholder: "(none)" })),
      keyFields("gsi", "Index key")),
    h("button", { type: "submit" }, "Create table"), message);
  return form;
}

/** The CreateTable request of the form's fields (the API says what is wrong with it). */
export function createRequest(f) {
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
  if (f.gsi) {
    const gsi = { IndexName: f.gsi, KeySchema: key(f.gsipk, f.gsipkType, f.gsisk, f.gsiskType), Projection: { ProjectionType: "ALL" } };
    if (f.billing === "PROVISIONED") gsi.ProvisionedThroughput = throughput;
    req.GlobalSecondaryIndexes = [gsi];
  }
  req.AttributeDefinitions = [...defs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
  return req;
}
