// Small pieces every screen uses, on Preact (h() calls: no JSX, so no build step).
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import { all, call } from "./api.js";

export { h };

/**
 * A select whose options are values (or [value, label] pairs): controlled with value (the owner
 * keeps the choice in its state), else starting at initial and left to the user.
 */
export function Select({ options, value, initial, ...attrs }) {
  const chosen = value === undefined ? initial : value;
  return h("select", value === undefined ? attrs : { ...attrs, value }, options.map(o => {
    const [v, label] = Array.isArray(o) ? o : [o, o];
    return h("option", { value: v, selected: v === chosen }, label);
  }));
}

/** An error line (role alert); nothing when there is no error. */
export const ErrorText = ({ error, ...attrs }) => h("p", { class: "error", role: "alert", ...attrs }, error ? String(error.message || error) : "");

/** Runs an async loader when its inputs change: [value, error, reload]. */
export function useLoad(load, inputs) {
  const [state, setState] = useState({ value: undefined, error: null, round: 0 });
  useEffect(() => {
    let live = true;
    Promise.resolve().then(load).then(value => live && setState(s => ({ ...s, value, error: null })),
      error => live && setState(s => ({ ...s, error })));
    return () => { live = false; };
  }, [...inputs, state.round]);
  return [state.value, state.error, () => setState(s => ({ ...s, round: s.round + 1 }))];
}

export const listTables = () => all("ListTables", {}, "TableNames", "ExclusiveStartTableName", "LastEvaluatedTableName");

/** The table names with the chosen one (the route's, else the first): a picker that routes to screen/TABLE. */
export function useTablePick(screen, wanted) {
  const [names, error] = useLoad(listTables, []);
  const name = names && (names.includes(wanted) ? wanted : names[0]);
  const picker = names && h(Select, { options: names, value: name, name: "table",
    onChange: e => { location.hash = `#/${screen}/${encodeURIComponent(e.target.value)}`; } });
  return { names, name, picker, error };
}

export const Muted = props => h("p", { class: "muted", ...props });

export const describeTable = async name => (await call("DescribeTable", { TableName: name })).Table;

export const keyOf = (schema, type) => ((schema || []).find(k => k.KeyType === type) || {}).AttributeName;
export const typeOf = (table, attr) => (table.AttributeDefinitions.find(d => d.AttributeName === attr) || {}).AttributeType || "S";
export const indexesOf = table => [...(table.GlobalSecondaryIndexes || []).map(i => ({ ...i, kind: "GSI" })),
  ...(table.LocalSecondaryIndexes || []).map(i => ({ ...i, kind: "LSI" }))];

/** "player (partition, S), game (sort, S)" */
export const keyText = (schema, defs) => schema.map(k => {
  const type = (defs.find(d => d.AttributeName === k.AttributeName) || {}).AttributeType;
  return `${k.AttributeName} (${k.KeyType === "HASH" ? "partition" : "sort"}, ${type})`;
}).join(", ");

/** A grid of items: columns given, cells as short texts; onRow makes rows clickable. */
/** Rows a grid draws at first; more on demand, so a 1 MB page or a large PartiQL result stays responsive. */
export const GRID_ROWS = 200;

/**
 * A grid of items: scrolls inside its card with a sticky header, sorts the shown items by a column
 * (click its header: ascending, descending, as read), draws GRID_ROWS rows and more on demand. Rows
 * open with a click or, focused, with Enter; arrow keys move between rows; Delete asks onDelete.
 * With {@code selected} (a Set of items) and {@code onSelect}, each row has a checkbox.
 */
export function ItemGrid({ items, cols, cell, onRow, onDelete, selected, onSelect, ...attrs }) {
  const [sort, setSort] = useState(null); // { col, dir }
  const [drawn, setDrawn] = useState(GRID_ROWS);
  const sortBy = col => setSort(s => !s || s.col !== col ? { col, dir: 1 } : s.dir === 1 ? { col, dir: -1 } : null);
  const sorted = sort ? [...items].sort((a, b) => sort.dir * compareValues(a[sort.col], b[sort.col])) : items;
  const shown = sorted.slice(0, drawn);
  const open = item => onRow && onRow(item);
  const key = (e, item) => {
    const row = e.currentTarget;
    if (e.key === "Enter" || (e.key === " " && e.target === row)) { e.preventDefault(); open(item); }
    else if (e.key === "ArrowDown" && row.nextElementSibling) { e.preventDefault(); row.nextElementSibling.focus(); }
    else if (e.key === "ArrowUp" && row.previousElementSibling) { e.preventDefault(); row.previousElementSibling.focus(); }
    else if (e.key === "Delete" && onDelete) { e.preventDefault(); onDelete([item]); }
  };
  const selectable = !!onSelect;
  const allSelected = selectable && items.length > 0 && items.every(i => selected.has(i));
  return h("div", { class: "grid-scroll" }, h("table", { class: "grid", ...attrs },
    h("thead", {}, h("tr", {},
      selectable && h("th", { class: "select" }, h("input", { type: "checkbox", "aria-label": "Select all rows", checked: allSelected,
        onChange: () => onSelect(allSelected ? new Set() : new Set(items)) })),
      cols.map(c => h("th", { class: "sortable", title: "Sort by this column",
        "aria-sort": sort && sort.col === c ? (sort.dir === 1 ? "ascending" : "descending") : "none", onClick: () => sortBy(c) },
        c, sort && sort.col === c ? (sort.dir === 1 ? " ▲" : " ▼") : "")))),
    h("tbody", {}, shown.map(item => h("tr", onRow ? { class: "clickable", title: "Edit", tabIndex: 0, onClick: () => open(item),
        onKeyDown: e => key(e, item) } : {},
      selectable && h("td", { class: "select", onClick: e => e.stopPropagation() }, h("input", { type: "checkbox", "aria-label": "Select row",
        checked: selected.has(item), onChange: () => { const next = new Set(selected); next.has(item) ? next.delete(item) : next.add(item); onSelect(next); } })),
      cols.map(c => h("td", {}, cell(item[c]))))))),
    sorted.length > drawn && h("div", { class: "row" }, h("span", { class: "muted" }, `${drawn} of ${sorted.length} rows drawn `),
      h("button", { type: "button", id: "more-rows", onClick: () => setDrawn(d => d + GRID_ROWS * 5) }, "Show more rows")));
}

/** Order of two AttributeValues for sorting a grid: absent last, numbers numerically, the rest as text. */
function compareValues(a, b) {
  if (!a || !b) return !a && !b ? 0 : a ? -1 : 1;
  if (a.N !== undefined && b.N !== undefined) return Number(a.N) - Number(b.N);
  const text = v => { const [t, x] = Object.entries(v)[0]; return t === "S" || t === "N" ? x : JSON.stringify(x); };
  return text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;
}
