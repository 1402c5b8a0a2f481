// Saving what the item editor holds without losing anyone's data: a new item never replaces an
// existing one unasked, an edit writes only what changed and only if what it changed is still what
// the editor was opened on (else nothing is written and the conflict is shown), and a changed key
// moves the item in one transaction instead of leaving a second one behind.

/** The service's limit on one expression (4 KB); past it the checks cannot be expressed. */
const MAX_EXPRESSION = 4096;

/** A value's text for comparing: sets in order, map members by name. */
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") {
    return `{${Object.keys(v).sort().map(k => {
      const x = v[k];
      const sorted = (k === "SS" || k === "NS" || k === "BS") && Array.isArray(x) ? [...x].sort() : x;
      return `${JSON.stringify(k)}:${canonical(sorted)}`;
    }).join(",")}}`;
  }
  return JSON.stringify(v);
}

export const sameValue = (a, b) => canonical(a) === canonical(b);

/** Placeholders for one request: #n0, :v0, ... */
function placeholders() {
  const names = {}, values = {};
  let n = 0, v = 0;
  return {
    name: attr => { const p = `#n${n++}`; names[p] = attr; return p; },
    value: av => { const p = `:v${v++}`; values[p] = av; return p; },
    names, values,
  };
}

/**
 * The UpdateItem that turns {@code original} into {@code edited} (same key): SET of what is new or
 * different, REMOVE of what is gone, each only if that attribute is still as it was (absent, or
 * equal to its original value), and only if the item still exists. Null when nothing changed;
 * {tooLarge: true} when the expressions would pass the service's 4 KB limit.
 */
export function updateOf(keyNames, original, edited) {
  const p = placeholders();
  const sets = [], removes = [], checks = [`attribute_exists(${p.name(keyNames[0])})`];
  const attrs = new Set([...Object.keys(original), ...Object.keys(edited)]);
  for (const a of attrs) {
    if (keyNames.includes(a)) continue;
    const before = original[a], after = edited[a];
    if (before !== undefined && after !== undefined && sameValue(before, after)) continue;
    const n = p.name(a);
    if (after !== undefined) sets.push(`${n} = ${p.value(after)}`);
    else removes.push(n);
    checks.push(before === undefined ? `attribute_not_exists(${n})` : `${n} = ${p.value(before)}`);
  }
  if (!sets.length && !removes.length) return null;
  const update = [sets.length && `SET ${sets.join(", ")}`, removes.length && `REMOVE ${removes.join(", ")}`].filter(Boolean).join(" ");
  const condition = checks.join(" AND ");
  if (update.length > MAX_EXPRESSION || condition.length > MAX_EXPRESSION) return { tooLarge: true };
  return { UpdateExpression: update, ConditionExpression: condition, ExpressionAttributeNames: p.names,
    ExpressionAttributeValues: Object.keys(p.values).length ? p.values : undefined };
}

/**
 * A condition that {@code item} is still exactly as the editor saw it (each of its attributes
 * equal; one added since cannot be named, so it is not checked), with its placeholders; only
 * "still exists" when that would pass 4 KB.
 */
export function unchangedCondition(keyNames, item) {
  const p = placeholders();
  const checks = [`attribute_exists(${p.name(keyNames[0])})`];
  for (const [a, v] of Object.entries(item)) {
    if (!keyNames.includes(a)) checks.push(`${p.name(a)} = ${p.value(v)}`);
  }
  let condition = checks.join(" AND ");
  if (condition.length > MAX_EXPRESSION) return notExisting(keyNames, "attribute_exists");
  return { ConditionExpression: condition, ExpressionAttributeNames: p.names,
    ExpressionAttributeValues: Object.keys(p.values).length ? p.values : undefined };
}

/** attribute_not_exists (a new item's key is free) or attribute_exists of the partition key. */
export function notExisting(keyNames, fn = "attribute_not_exists") {
  return { ConditionExpression: `${fn}(#k)`, ExpressionAttributeNames: { "#k": keyNames[0] } };
}

/** A key's text for messages: "player = ana, game = chess". */
export function keyText(keyNames, item) {
  return keyNames.map(k => `${k} = ${item[k] ? Object.values(item[k])[0] : "?"}`).join(", ");
}
