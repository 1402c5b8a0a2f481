// DynamoDB JSON (AttributeValues) for display and for typing values in.

/** The longest text a grid cell draws (the editor shows all of it). */
export const CELL_CHARS = 200;

/** The bytes a base64 text decodes to (its padding is not data). */
export function base64Bytes(text) {
  const padding = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  return (text.length * 3 / 4 | 0) - padding;
}

/** A short text for one AttributeValue in a grid cell: long values are cut (…) after CELL_CHARS. */
export function cell(av) {
  const full = cellText(av);
  return full.length > CELL_CHARS ? `${full.slice(0, CELL_CHARS)}… (${full.length} characters)` : full;
}

function cellText(av) {
  if (!av) return "";
  const [type, v] = Object.entries(av)[0];
  switch (type) {
    case "S": case "N": return v;
    case "B": return `<binary ${base64Bytes(v)} B>`;
    case "BOOL": return String(v);
    case "NULL": return "null";
    case "SS": case "NS": return `{${v.join(", ")}}`;
    case "BS": return `{${v.length} binary}`;
    default: return JSON.stringify(plain(av));
  }
}

/** An AttributeValue as plain JSON (numbers as numbers where that loses nothing, sets as arrays). */
export function plain(av) {
  const [type, v] = Object.entries(av)[0];
  switch (type) {
    case "N": return String(Number(v)) === v ? Number(v) : v;
    case "NS": return v.map(n => (String(Number(n)) === n ? Number(n) : n));
    case "NULL": return null;
    case "L": return v.map(plain);
    case "M": return plainItem(v);
    default: return v;
  }
}

export function plainItem(item) {
  return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, plain(v)]));
}

/** Plain JSON as an AttributeValue: numbers N, strings S, booleans BOOL, null NULL, arrays L, objects M. */
export function fromPlain(v) {
  if (v === null) return { NULL: true };
  if (Array.isArray(v)) return { L: v.map(fromPlain) };
  switch (typeof v) {
    case "number": return { N: String(v) };
    case "boolean": return { BOOL: v };
    case "object": return { M: fromPlainItem(v) };
    default: return { S: String(v) };
  }
}

export function fromPlainItem(o) {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, fromPlain(v)]));
}

/** Whether an item survives plain JSON unchanged (no sets, binaries or numbers JSON cannot hold exactly). */
export function plainRoundTrips(item) {
  return JSON.stringify(fromPlainItem(JSON.parse(JSON.stringify(plainItem(item))))) === JSON.stringify(item);
}

/** The AttributeValue of a key attribute typed as text (S, N or base64 B). */
export function keyValue(type, text) {
  return { [type]: text };
}

/** The attribute names of these items: key attributes first, then in order of first appearance. */
export function columns(items, keyNames) {
  const seen = new Set(keyNames.filter(Boolean));
  for (const item of items) for (const name of Object.keys(item)) seen.add(name);
  return [...seen];
}
