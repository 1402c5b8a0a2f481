// Capacity: what only Basalt can show of a table — consumed against provisioned units, throttling,
// the server's latency per operation, the simulated partitions as a heat map, and the Contributor
// Insights top keys. Polls Basalt's DescribeTableActivity (counters) every two seconds and charts
// the rates of the last two minutes.
import { useEffect, useState } from "preact/hooks";
import { h, ErrorText, Muted, useTablePick } from "./ui.js";
import { call } from "./api.js";
import { Chart } from "./chart.js";

const EVERY_MS = 2000, POINTS = 60;
// the console's own polling is not what a table's latency chart is for
const QUIET = new Set(["DescribeTableActivity", "DescribeTable", "DescribeTimeToLive", "DescribeContributorInsights"]);

export function CapacityScreen({ args: [wanted] }) {
  const { names, name, picker, error } = useTablePick("capacity", wanted);
  const [view, setView] = useState(null);
  useEffect(() => {
    if (!name) return;
    const history = []; // readings of the last POINTS + 1 polls
    let stopped = false, timer;
    async function tick() {
      try {
        const reading = await call("DescribeTableActivity", { TableName: name }, "Basalt_20261125");
        if (stopped) return;
        history.push(reading);
        if (history.length > POINTS + 1) history.shift();
        setView({ history, at: reading.Time });
      } catch (e) {
        if (!stopped) setView(v => ({ ...v, error: e }));
      }
      if (!stopped) timer = setTimeout(tick, EVERY_MS);
    }
    tick();
    return () => { stopped = true; clearTimeout(timer); };
  }, [name]);
  if (error) return h(ErrorText, { error });
  if (names && !names.length) return h(Muted, {}, "No tables yet.");
  const last = view?.history?.[view.history.length - 1];
  const a = last?.Activity;
  const status = view?.error ? view.error.message : a ? `${a.BillingMode === "PAY_PER_REQUEST" ? "on demand" : "provisioned"}, `
    + `capacity ${a.CapacityMode}; updated ${new Date(last.Time * 1000).toLocaleTimeString()}` : "Reading…";
  return [
    h("section", { class: "card" },
      h("div", { class: "row" }, h("label", {}, "Table", picker), h("span", { class: "spacer" }), h("p", { class: "muted", id: "capacity-status" }, status)),
      h("div", { id: "capacity-charts" }, a && scopes(name, a).map(s => h(ScopeCharts, { key: s.key, scope: s, history: view.history })))),
    h("section", { class: "card", id: "latency" }, h("h2", {}, "Latency (measured by the server, per operation on this table)"),
      last && h(Latency, { history: view.history })),
    h("section", { class: "card" }, h("h2", {}, "Partitions"), h("div", { id: "heat" }, a && scopes(name, a).map(s => h(HeatMap, { key: s.key, scope: s })))),
    h("section", { class: "card" }, h("h2", {}, "Top keys (Contributor Insights)"), h("div", { id: "top-keys" }, a && h(TopKeys, { activity: a }))),
  ];
}

/** The table and each GSI, with its activity of a reading and its provisioned units. */
function scopes(name, a) {
  return [{ key: "table", label: `Table ${name}`, of: r => r, rcu: a.ReadCapacityUnits, wcu: a.WriteCapacityUnits, a },
    ...(a.GlobalSecondaryIndexes || []).map(i => ({ key: i.IndexName, label: `GSI ${i.IndexName}`, a: i,
      of: r => (r.GlobalSecondaryIndexes || []).find(g => g.IndexName === i.IndexName),
      rcu: i.ReadCapacityUnits ?? a.ReadCapacityUnits, wcu: i.WriteCapacityUnits ?? a.WriteCapacityUnits }))];
}

/** Per second between consecutive readings: [times, values] of what pick(usage) counts. */
function rates(history, of, pick) {
  const times = [], values = [];
  for (let i = 1; i < history.length; i++) {
    const before = of(history[i - 1].Activity)?.Usage, now = of(history[i].Activity)?.Usage;
    if (!before || !now) continue;
    times.push(history[i].Time);
    values.push(Math.max(0, (pick(now) - pick(before)) / Math.max(0.001, history[i].Time - history[i - 1].Time)));
  }
  return [times, values];
}

function ScopeCharts({ scope, history }) {
  const read = rates(history, scope.of, u => u.ConsumedReadCapacityUnits);
  const write = rates(history, scope.of, u => u.ConsumedWriteCapacityUnits);
  const throttles = rates(history, scope.of, u => u.ReadThrottleEvents + u.WriteThrottleEvents);
  const now = v => (v.length ? v[v.length - 1] : 0).toFixed(1);
  const provisioned = (v, unit) => v ? `${v} ${unit} provisioned` : "on demand";
  const series = (label, [, values], limit) => [{ label, values },
    ...(limit ? [{ label: "provisioned", values: values.map(() => limit), dash: true }] : [])];
  const fig = (title, r, limit, note) => h(Chart, { caption: [`${title}: `, h("b", {}, now(r[1])), note && h("span", { class: "muted" }, ` (${note})`)],
    times: r[0], series: series(title, r, limit) });
  return h("div", { class: "scope", "data-scope": scope.key },
    h("h2", {}, scope.label),
    h("div", { class: "charts" },
      fig("Reads (RCU/s)", read, scope.rcu, provisioned(scope.rcu, "RCU")),
      fig("Writes (WCU/s)", write, scope.wcu, provisioned(scope.wcu, "WCU")),
      fig("Throttled requests/s", throttles, 0, "")));
}

/**
 * The latency (ms) below which a share q of the requests counted in a cumulative histogram fell,
 * interpolated within its bucket (as Prometheus' histogram_quantile does), so that a p50 between
 * two bounds reads as such instead of jumping to the upper bound.
 */
export function quantile(bounds, counts, q) {
  const total = counts[counts.length - 1];
  if (!total) return null;
  const rank = q * total;
  const i = counts.findIndex(c => c >= rank);
  if (i >= bounds.length) return Infinity;
  const below = i === 0 ? 0 : counts[i - 1], lower = i === 0 ? 0 : bounds[i - 1];
  const inBucket = counts[i] - below;
  const at = inBucket > 0 ? lower + (bounds[i] - lower) * ((rank - below) / inBucket) : bounds[i];
  return Math.round(at * 1e6) / 1e3;
}

function Latency({ history }) {
  const first = history[0], last = history[history.length - 1];
  const ops = Object.keys(last.Latency || {}).filter(op => !QUIET.has(op));
  if (!ops.length) return h(Muted, {}, "No data requests on this table yet.");
  const times = [], series = ops.map(op => ({ label: op, values: [] }));
  for (let i = 1; i < history.length; i++) {
    times.push(history[i].Time);
    ops.forEach((op, k) => {
      const a = history[i - 1].Latency?.[op], b = history[i].Latency?.[op];
      const n = (b?.Requests || 0) - (a?.Requests || 0);
      series[k].values.push(n > 0 ? ((b.Seconds - (a?.Seconds || 0)) / n) * 1000 : null);
    });
  }
  const bounds = last.LatencyBucketBounds;
  const fmt = ms => (ms === null ? "" : ms === Infinity ? `> ${bounds[bounds.length - 1]} s` : `≈ ${ms} ms`);
  return h("div", { class: "charts" },
    h(Chart, { caption: "Average latency per interval (ms)", times, series, width: 480, height: 160, legend: true }),
    h("table", { class: "grid latency-table" },
      h("thead", {}, h("tr", {}, ["Operation", "Requests (2 min)", "Errors", "Average", "p50", "p99"].map(c => h("th", {}, c)))),
      h("tbody", {}, ops.map(op => {
        const a = first.Latency?.[op], b = last.Latency[op];
        const n = b.Requests - (a?.Requests || 0);
        const counts = b.Buckets.map((c, i) => c - (a?.Buckets[i] || 0));
        return h("tr", { "data-operation": op }, h("td", {}, op), h("td", { class: "num" }, n), h("td", { class: "num" }, b.Errors - (a?.Errors || 0)),
          h("td", { class: "num" }, n ? `${(((b.Seconds - (a?.Seconds || 0)) / n) * 1000).toFixed(2)} ms` : ""),
          h("td", { class: "num" }, fmt(quantile(bounds, counts, 0.5))), h("td", { class: "num" }, fmt(quantile(bounds, counts, 0.99))));
      }))));
}

/** One cell per simulated partition, coloured by its share of the consumption; details on hover. */
function HeatMap({ scope }) {
  const partitions = scope.a.Partitions || [];
  if (!partitions.length) return h(Muted, {}, `${scope.label}: no partitions (capacity simulation off)`);
  return h("div", { class: "heat-row" }, h("span", { class: "heat-label" }, scope.label),
    partitions.map(p => {
      const heat = Math.min(1, p.Heat || 0), throttled = (p.ReadThrottles || 0) + (p.WriteThrottles || 0);
      const title = [`partition ${p.Partition}: hash ${p.HashFrom}–${p.HashTo}`,
        p.FirstKey ? `keys ${p.FirstKey} … ${p.LastKey}` : "no items", `${p.SizeBytes} bytes`,
        `consumed ${p.ConsumedReadUnits} RCU, ${p.ConsumedWriteUnits} WCU (${(heat * 100).toFixed(0)}% of the consumption)`,
        `load ${(p.Load * 100).toFixed(0)}% of its throughput`, `throttled ${throttled}`].join("\n");
      // Preact sets a style object through the CSSOM, which the page's Content-Security-Policy allows
      return h("span", { class: `heat-cell${throttled ? " throttled" : ""}`, title,
        style: { backgroundColor: `rgba(211, 47, 47, ${(0.08 + heat * 0.92).toFixed(2)})`, color: heat < 0.4 ? "#1d2327" : "#fff" } }, String(p.Partition));
    }));
}

function TopKeys({ activity }) {
  const lists = [["Table", activity.ContributorInsights],
    ...(activity.GlobalSecondaryIndexes || []).map(i => [`GSI ${i.IndexName}`, i.ContributorInsights])].filter(([, ci]) => ci);
  if (!lists.length) {
    return h(Muted, {}, "Contributor Insights is off for this table: turn it on with UpdateContributorInsights ",
      "(aws dynamodb update-contributor-insights --contributor-insights-action ENABLE) to see its most accessed and throttled keys.");
  }
  const keyList = (title, list) => h("table", { class: "grid" }, h("thead", {}, h("tr", {}, h("th", {}, title), h("th", {}, "Requests"))),
    h("tbody", {}, (list || []).length ? list.map(c => h("tr", {}, h("td", {}, c.Key), h("td", { class: "num" }, c.Count)))
      : h("tr", {}, h("td", { class: "muted" }, "none yet"), h("td", {}))));
  return lists.map(([label, ci]) => h("div", { class: "row top-keys" },
    keyList(`${label}: most accessed keys`, ci.MostAccessedKeys), keyList(`${label}: most throttled keys`, ci.MostThrottledKeys)));
}
