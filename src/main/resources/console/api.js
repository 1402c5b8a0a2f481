// The console's only way to the data: the public DynamoDB JSON API of the server that served the
// page, signed with SigV4 like any SDK's call.
import { sign } from "./sigv4.js";

const KEY = "basalt.console.credentials";
const METERED = new Set(["GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan", "BatchGetItem",
  "BatchWriteItem", "TransactGetItems", "TransactWriteItems", "ExecuteStatement", "BatchExecuteStatement",
  "ExecuteTransaction"]);

/**
 * Where the API is: the page's own origin, or the one the page names (the console served on the
 * admin port calls the API port, which answers the browser's CORS checks).
 */
export const endpoint = document.querySelector("meta[name=basalt-api]")?.content || location.origin;

export function credentials() {
  const saved = JSON.parse(sessionStorage.getItem(KEY) || "null");
  return saved || { accessKeyId: "local", secretAccessKey: "local", region: "us-east-1" };
}

export function saveCredentials(c) {
  sessionStorage.setItem(KEY, JSON.stringify(c));
}

/** An API error as the server returned it: its type (without the namespace) and message. */
export class ApiError extends Error {
  /** @param data the error's body (an Item of ReturnValuesOnConditionCheckFailure, CancellationReasons) */
  constructor(type, message, status, data = {}) {
    super(`${type}: ${message}`);
    this.type = type;
    this.status = status;
    this.data = data;
  }
}

/**
 * Calls an operation (of DynamoDB, or of another service on the same endpoint: DynamoDB Streams,
 * Basalt's own); resolves with the response body, rejects with an ApiError. Every call is announced
 * as an "api" event on window (operation, consumed capacity, time, error) for the capacity bar.
 */
export async function call(operation, params = {}, service = "DynamoDB_20120810") {
  const body = JSON.stringify(METERED.has(operation) ? { ReturnConsumedCapacity: "TOTAL", ...params } : params);
  const c = credentials();
  const headers = { "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": `${service}.${operation}` };
  const signed = await sign({ host: new URL(endpoint).host, headers, body, region: c.region || "us-east-1",
    accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey });
  const started = performance.now();
  let res, text;
  try {
    res = await fetch(`${endpoint}/`, { method: "POST", headers: { ...headers, ...signed }, body });
    text = await res.text();
  } catch (e) {
    report(operation, null, started, e.message);
    throw new ApiError("NetworkError", e.message, 0);
  }
  const data = text ? JSON.parse(text) : {};
  if (!res.ok) {
    const type = String(data.__type || res.status).replace(/^.*#/, "");
    const message = data.message || data.Message || "";
    report(operation, null, started, `${type}: ${message}`);
    throw new ApiError(type, message, res.status, data);
  }
  report(operation, data.ConsumedCapacity, started, null);
  return data;
}

function report(operation, capacity, started, error) {
  window.dispatchEvent(new CustomEvent("api", { detail: { operation, capacity, metered: METERED.has(operation),
    ms: performance.now() - started, error } }));
}

/** Calls a paged listing operation until it is complete, gathering one member of each page. */
export async function all(operation, params, member, nextParam, lastKey) {
  const out = [];
  let next;
  do {
    const page = await call(operation, next ? { ...params, [nextParam]: next } : params);
    out.push(...(page[member] || []));
    next = page[lastKey];
  } while (next);
  return out;
}

/** The consumed capacity of a response, in words ("1.5 RCU", "2 WCU", "Table: 1 RCU; GSI i: 1 RCU"). */
export function describeCapacity(capacity) {
  if (!capacity) return "";
  const list = Array.isArray(capacity) ? capacity : [capacity];
  return list.map(c => {
    const parts = [];
    if (c.ReadCapacityUnits) parts.push(`${c.ReadCapacityUnits} RCU`);
    if (c.WriteCapacityUnits) parts.push(`${c.WriteCapacityUnits} WCU`);
    if (!parts.length) parts.push(`${c.CapacityUnits ?? 0} CU`);
    return `${c.TableName}: ${parts.join(" + ")}`;
  }).join("; ");
}
