// Capacity: what only Basalt can show of a table — consumed against provisioned units, throttling,
// the simulated partitions as a heat map, and the Contributor Insights top keys. Polls Basalt's
// DescribeTableActivity (counters) every two seconds and charts the rates of the last two minutes.
import { h, mount, select } from "./dom.js";
import { call, all } from "./api.js";

const EVERY_MS = 2000, POINTS = 60;

export async function capacityScreen(el, [table]) {
  const names = await all("ListTables", {}, "TableNames", "ExclusiveStartTableName", "LastEvaluatedTableName");
  if (!names.length) return mount(el, h("p", { class: "muted" }, "No tables yet."));
  const name = names.includes(table) ? table : names[0];
  const picker = select({ onchange: e => { location.hash = `#/capacity/${encodeURIComponent(e.target.value)}`; } }, names, name);
  const charts = h("div", { id: "capacity-charts" }), heat = h("div", { id: "heat" }), keys = h("div", { id: "top-keys" });
  const status = h("p", { class: "muted", id: "capacity-status" }, "Reading…");
  mount(el,
    h("section", { class: "card" }, h("div", { class: "row" }, h("label", {}, "Table", picker), h("span", { class: "spacer" }), status),
      charts),
    h("section", { class: "card" }, h("h2", {}, "Partitions"), heat),
    h("section", { class: "card" }, h("h2", {}, "Top keys (Contributor Insights)"), keys));
  const series = new Map(); // "table" or index name -> { read: [], write: [], throttles: [] }
  let last = null, stopped = false;
  async function tick() {
    try {
      const { Time, Activity } = await call("DescribeTableActivity", { TableName: name }, "Basalt_20261125");
      if (stopped) return;
      const scopes = [{ key: "table", label: `Table ${name}`, a: Activity, rcu: Activity.ReadCapacityUnits, wcu: Activity.WriteCapacityUnits },
        ...(Activity.GlobalSecondaryIndexes || []).map(i => ({ key: i.IndexName, label: `GSI ${i.IndexName}`, a: i,
          rcu: i.ReadCapacityUnits ?? Activity.ReadCapacityUnits, wcu: i.WriteCapacityUnits ?? Activity.WriteCapacityUnits }))];
      if (last) {
        const dt = Math.max(0.001, Time - last.Time);
        for (const s of scopes) {
          const before = last.usage.get(s.key);
          if (!before || !s.a.Usage) continue;
          const u = s.a.Usage, points = series.get(s.key) || { read: [], write: [], throttles: [] };
          push(points.read, (u.ConsumedReadCapacityUnits - before.ConsumedReadCapacityUnits) / dt);
          push(points.write, (u.ConsumedWriteCapacityUnits - before.ConsumedWriteCapacityUnits) / dt);
          push(points.throttles, (u.ReadThrottleEvents + u.WriteThrottleEvents - before.ReadThrottleEvents - before.WriteThrottleEvents) / dt);
          series.set(s.key, points);
        }
      }
      last = { Time, usage: new Map(scopes.map(s => [s.key, s.a.Usage])) };
      status.textContent = `${Activity.BillingMode === "PAY_PER_REQUEST" ? "on demand" : "provisioned"}, capacity ${Activity.CapacityMode}; `
        + `updated ${new Date(Time * 1000).toLocaleTimeString()}`;
      mount(charts, scopes.map(s => scopeCharts(s, series.get(s.key))));
      mount(heat, scopes.map(s => heatMap(s.label, s.a.Partitions || [])));
      mount(keys, topKeys(Activity));
    } catch (e) {
      status.textContent = e.message;
    }
    if (!stopped) timer = setTimeout(tick, EVERY_MS);
  }
  let timer = setTimeout(tick, 0);
  return () => { stopped = true; clearTimeout(timer); };
}

function push(list, v) {
  list.push(v);
  if (list.length > POINTS) list.shift();
}

function scopeCharts(scope, points) {
  const p = points || { read: [], write: [], throttles: [] };
  const provisioned = (v, unit) => v ? `${v} ${unit} provisioned` : "on demand";
  return h("div", { class: "scope", "data-scope": scope.key },
    h("h2", {}, scope.label),
    h("div", { class: "charts" },
      chart("Reads (RCU/s)", p.read, scope.rcu, provisioned(scope.rcu, "RCU")),
      chart("Writes (WCU/s)", p.write, scope.wcu, provisioned(scope.wcu, "WCU")),
      chart("Throttled requests/s", p.throttles, 0, "")));
}

/** A line of the last POINTS rates with the provisioned level as a dashed line (hand-drawn SVG: three lines need no library). */
function chart(title, values, limit, note) {
  const W = 300, H = 90, max = Math.max(1, limit || 0, ...values) * 1.1;
  const x = i => (i / (POINTS - 1)) * W, y = v => H - (v / max) * H;
  const line = values.map((v, i) => `${x(i + POINTS - values.length).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const now = values.length ? values[values.length - 1] : 0;
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("class", "chart");
  svg.innerHTML = (limit ? `<line x1="0" x2="${W}" y1="${y(limit)}" y2="${y(limit)}" class="limit"/>` : "")
    + (values.length > 1 ? `<polyline points="${line}" class="rate"/>` : "");
  return h("figure", {}, h("figcaption", {}, `${title}: `, h("b", {}, now.toFixed(1)), note ? h("span", { class: "muted" }, ` (${note})`) : null), svg);
}

/** One cell per simulated partition, coloured by its share of the consumption; details on hover. */
function heatMap(label, partitions) {
  if (!partitions.length) return h("p", { class: "muted" }, `${label}: no partitions (capacity simulation off)`);
  return h("div", { class: "heat-row" }, h("span", { class: "heat-label" }, label),
    partitions.map(p => {
      const heat = Math.min(1, p.Heat || 0), throttled = (p.ReadThrottles || 0) + (p.WriteThrottles || 0);
      const title = [`partition ${p.Partition}: hash ${p.HashFrom}–${p.HashTo}`,
        p.FirstKey ? `keys ${p.FirstKey} … ${p.LastKey}` : "no items", `${p.SizeBytes} bytes`,
        `consumed ${p.ConsumedReadUnits} RCU, ${p.ConsumedWriteUnits} WCU (${(heat * 100).toFixed(0)}% of the consumption)`,
        `load ${(p.Load * 100).toFixed(0)}% of its throughput`, `throttled ${throttled}`].join("\n");
      const cell = h("span", { class: `heat-cell${throttled ? " throttled" : ""}`, title }, String(p.Partition));
      // through the CSSOM: the page's Content-Security-Policy refuses style attributes
      cell.style.backgroundColor = `rgba(211, 47, 47, ${(0.08 + heat * 0.92).toFixed(2)})`;
      cell.style.color = heat < 0.4 ? "#1d2327" : "#fff";
      return cell;
    }));
}

function topKeys(activity) {
  const lists = [["Table", activity.ContributorInsights],
    ...(activity.GlobalSecondaryIndexes || []).map(i => [`GSI ${i.IndexName}`, i.ContributorInsights])].filter(([, ci]) => ci);
  if (!lists.length) {
    return h("p", { class: "muted" }, "Contributor Insights is off for this table: turn it on with UpdateContributorInsights ",
      "(aws dynamodb update-contributor-insights --contributor-insights-action ENABLE) to see its most accessed and throttled keys.");
  }
  return lists.map(([label, ci]) => h("div", { class: "row top-keys" },
    keyList(`${label}: most accessed keys`, ci.MostAccessedKeys), keyList(`${label}: most throttled keys`, ci.MostThrottledKeys)));
}

function keyList(title, list) {
  return h("table", { class: "grid" }, h("thead", {}, h("tr", {}, h("th", {}, title), h("th", {}, "Requests"))),
    h("tbody", {}, (list || []).length ? list.map(c => h("tr", {}, h("td", {}, c.Key), h("td", { class: "num" }, c.Count)))
      : h("tr", {}, h("td", { class: "muted" }, "none yet"), h("td", {}))));
}
