// One table's settings: billing mode and capacity (table and each GSI), deletion protection, TTL,
// stream, and GSIs added (with their backfill followed as DescribeTable shows it) or deleted.
import { useEffect, useState } from "preact/hooks";
import { h, Select, ErrorText, keyText, describeTable } from "./ui.js";
import { call } from "./api.js";
import { KeyFields, Projection, projectionOf } from "./tables.js";

const VIEW_TYPES = ["NEW_AND_OLD_IMAGES", "NEW_IMAGE", "OLD_IMAGE", "KEYS_ONLY"];
const settled = t => t.TableStatus === "ACTIVE" && (t.GlobalSecondaryIndexes || []).every(i => i.IndexStatus === "ACTIVE");

export function TableEditor({ name, changed }) {
  const [table, setTable] = useState(null), [ttl, setTtl] = useState(null);
  const [error, setError] = useState(null), [round, setRound] = useState(0);
  useEffect(() => { // read now, then every second while the table or an index is being changed
    let timer, live = true;
    const read = async () => {
      try {
        const [t, d] = await Promise.all([describeTable(name), call("DescribeTimeToLive", { TableName: name })]);
        if (!live) return;
        setTable(t); setTtl(d.TimeToLiveDescription);
        if (!settled(t)) timer = setTimeout(read, 1000);
        else if (round) changed();
      } catch (e) { if (live) setError(e); }
    };
    read();
    return () => { live = false; clearTimeout(timer); };
  }, [name, round]);
  const update = async (operation, params) => {
    setError(null);
    try { await call(operation, { TableName: name, ...params }); setRound(r => r + 1); } catch (e) { setError(e); }
  };
  const form = handler => e => { e.preventDefault(); handler(Object.fromEntries(new FormData(e.target))); };
  if (!table) return h("section", { class: "card", id: "table-editor" }, h(ErrorText, { error }));
  const provisioned = table.BillingModeSummary?.BillingMode !== "PAY_PER_REQUEST";
  const gsis = table.GlobalSecondaryIndexes || [];
  const throughput = f => ({ ReadCapacityUnits: Number(f.rcu), WriteCapacityUnits: Number(f.wcu) });
  const stream = table.StreamSpecification?.StreamEnabled ? table.StreamSpecification.StreamViewType : "";
  return h("section", { class: "card", id: "table-editor", "data-status": settled(table) ? "ACTIVE" : "UPDATING" },
    h("div", { class: "row" }, h("h2", {}, `Edit ${name}`), h("span", { class: "muted" }, ` ${table.TableStatus}`),
      h("span", { class: "spacer" }), h("a", { href: "#/tables" }, "Close")),
    h("form", { class: "row", id: "edit-billing", onSubmit: form(f => update("UpdateTable", f.billing === "PAY_PER_REQUEST"
        ? { BillingMode: f.billing }
        : { BillingMode: f.billing, ProvisionedThroughput: throughput(f),
            // a table turning provisioned needs its GSIs' capacity too
            ...(!provisioned && gsis.length ? { GlobalSecondaryIndexUpdates: gsis.map(i => ({ Update: { IndexName: i.IndexName,
              ProvisionedThroughput: throughput(f) } })) } : {}) })) },
      h("label", {}, "Billing mode", h(Select, { name: "billing", initial: provisioned ? "PROVISIONED" : "PAY_PER_REQUEST",
        options: [["PAY_PER_REQUEST", "on demand"], ["PROVISIONED", "provisioned"]] })),
      h("label", {}, "Read units", h("input", { name: "rcu", type: "number", min: 1, defaultValue: table.ProvisionedThroughput?.ReadCapacityUnits || 5 })),
      h("label", {}, "Write units", h("input", { name: "wcu", type: "number", min: 1, defaultValue: table.ProvisionedThroughput?.WriteCapacityUnits || 5 })),
      h("button", { type: "submit" }, "Update capacity")),
    h("form", { class: "row", id: "edit-ttl", onSubmit: form(f => update("UpdateTimeToLive", { TimeToLiveSpecification: {
        AttributeName: f.ttlAttribute, Enabled: ttl?.TimeToLiveStatus !== "ENABLED" } })) },
      h("label", {}, `Time to live: ${(ttl?.TimeToLiveStatus || "").toLowerCase()}`,
        h("input", { name: "ttlAttribute", placeholder: "attribute (epoch seconds)", defaultValue: ttl?.AttributeName || "" })),
      h("button", { type: "submit" }, ttl?.TimeToLiveStatus === "ENABLED" ? "Turn TTL off" : "Turn TTL on")),
    h("form", { class: "row", id: "edit-stream", onSubmit: form(f => update("UpdateTable", { StreamSpecification: f.view
        ? { StreamEnabled: true, StreamViewType: f.view } : { StreamEnabled: false } })) },
      h("label", {}, "Stream", h(Select, { name: "view", initial: stream, options: [["", "off"], ...VIEW_TYPES] })),
      h("button", { type: "submit" }, "Update stream"),
      h("label", { class: "check" }, h("input", { type: "checkbox", name: "protect", checked: !!table.DeletionProtectionEnabled,
        onChange: e => update("UpdateTable", { DeletionProtectionEnabled: e.target.checked }) }), "deletion protection")),
    h("h3", {}, "Global secondary indexes"),
    h("table", { class: "grid", id: "edit-gsis" },
      h("thead", {}, h("tr", {}, ["Index", "Keys", "Projection", "Status", "Items", "Capacity", ""].map(c => h("th", {}, c)))),
      h("tbody", {}, gsis.map(i => h("tr", { key: i.IndexName, "data-index": i.IndexName },
        h("td", {}, i.IndexName), h("td", {}, keyText(i.KeySchema, table.AttributeDefinitions)),
        h("td", {}, i.Projection.ProjectionType + (i.Projection.NonKeyAttributes ? ` (${i.Projection.NonKeyAttributes.join(", ")})` : "")),
        h("td", { class: "index-status" }, i.IndexStatus + (i.Backfilling ? ", backfilling" : "")),
        h("td", { class: "num" }, i.IndexStatus === "CREATING" ? h(Backfill, { index: i, table }) : i.ItemCount),
        h("td", {}, provisioned ? h("form", { class: "pair", onSubmit: form(f => update("UpdateTable", { GlobalSecondaryIndexUpdates: [
            { Update: { IndexName: i.IndexName, ProvisionedThroughput: throughput(f) } }] })) },
          h("input", { name: "rcu", type: "number", min: 1, defaultValue: i.ProvisionedThroughput?.ReadCapacityUnits }),
          h("input", { name: "wcu", type: "number", min: 1, defaultValue: i.ProvisionedThroughput?.WriteCapacityUnits }),
          h("button", { type: "submit" }, "Set")) : "on demand"),
        h("td", {}, h("button", { type: "button", class: "danger", onClick: () => confirm(`Delete index ${i.IndexName}?`)
          && update("UpdateTable", { GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: i.IndexName } }] }) }, "Delete")))))),
    h("form", { id: "add-index", onSubmit: form(f => update("UpdateTable", addIndexRequest(f, table, provisioned))) },
      h("fieldset", {}, h("legend", {}, "Add a global secondary index (backfilled from the table's items)"),
        h("label", {}, "Index name", h("input", { name: "index", required: true })),
        h(KeyFields, { prefix: "new", legend: "Index key" }), h(Projection, { prefix: "new" }),
        provisioned && h("label", {}, "Read / write units", h("span", { class: "pair" },
          h("input", { name: "rcu", type: "number", min: 1, defaultValue: 5 }), h("input", { name: "wcu", type: "number", min: 1, defaultValue: 5 }))),
        h("button", { type: "submit" }, "Create index"))),
    h(ErrorText, { error, id: "edit-error" }));
}

/** How far a new index's backfill is: its items so far against the table's. */
function Backfill({ index, table }) {
  const done = index.ItemCount || 0, of = table.ItemCount || 0;
  return h("span", { class: "backfill" }, h("progress", { max: Math.max(of, 1), value: done }), ` ${done} of ${of}`);
}

function addIndexRequest(f, table, provisioned) {
  const defs = new Map(table.AttributeDefinitions.map(d => [d.AttributeName, d.AttributeType]));
  const schema = [{ AttributeName: f.newpk, KeyType: "HASH" }];
  defs.set(f.newpk, f.newpkType);
  if (f.newsk) { schema.push({ AttributeName: f.newsk, KeyType: "RANGE" }); defs.set(f.newsk, f.newskType); }
  const create = { IndexName: f.index, KeySchema: schema, Projection: projectionOf(f, "new") };
  if (provisioned) create.ProvisionedThroughput = { ReadCapacityUnits: Number(f.rcu), WriteCapacityUnits: Number(f.wcu) };
  return { AttributeDefinitions: [...defs].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType })),
    GlobalSecondaryIndexUpdates: [{ Create: create }] };
}
