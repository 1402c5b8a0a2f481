// Export of the items shown: JSON (plain values), DynamoDB JSON (AttributeValues) or CSV (the grid's
// columns, discovered from the items), downloaded by the browser as a file.
import { h } from "./ui.js";
import { plainItem } from "./values.js";

/** A CSV field as RFC 4180 wants it: quoted when it holds a comma, quote or line break. */
const csvField = s => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** A cell's full text for CSV: scalars as they are, sets, lists and maps as plain JSON. */
function csvValue(av) {
  if (!av) return "";
  const [type, v] = Object.entries(av)[0];
  if (type === "S" || type === "N" || type === "B") return v;
  if (type === "BOOL") return String(v);
  if (type === "NULL") return "";
  return JSON.stringify(plainItem({ v: av }).v);
}

export function toCsv(items, cols) {
  return [cols.map(csvField).join(","), ...items.map(item => cols.map(c => csvField(csvValue(item[c]))).join(","))].join("\r\n") + "\r\n";
}

export const toJson = items => JSON.stringify(items.map(plainItem), null, 2) + "\n";
export const toDynamoJson = items => JSON.stringify(items, null, 2) + "\n";

function download(name, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The most items an export of every page gathers in the browser. */
export const MAX_EXPORT_ITEMS = 100000;

/**
 * Export buttons for the shown page, and, given {@code all} (reads every page of the same request,
 * resolving with {items, cols, complete}), for the whole result up to MAX_EXPORT_ITEMS items.
 */
export function ExportButtons({ items, cols, name, all, idSuffix = "" }) {
  if (!items.length) return null;
  const buttons = (id, get, label) => [
    h("button", { type: "button", id: `export-json${id}`, onClick: async () => { const r = await get(); download(`${label}.json`, "application/json", toJson(r.items)); } }, "JSON"),
    h("button", { type: "button", id: `export-ddb${id}`, onClick: async () => { const r = await get(); download(`${label}.dynamodb.json`, "application/json", toDynamoJson(r.items)); } }, "DynamoDB JSON"),
    h("button", { type: "button", id: `export-csv${id}`, onClick: async () => { const r = await get(); download(`${label}.csv`, "text/csv", toCsv(r.items, r.cols)); } }, "CSV")];
  return h("span", { class: "export" }, "Export ", buttons(idSuffix, async () => ({ items, cols }), name),
    all && [" all pages ", buttons(`${idSuffix}-all`, all, name.replace(/-page\d+$/, "-all"))]);
}
