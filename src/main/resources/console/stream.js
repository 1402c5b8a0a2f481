// Stream: a live tail of a table's stream records, read with the DynamoDB Streams API as a KCL
// worker would (DescribeStream, GetShardIterator LATEST on every open shard, GetRecords each second).
import { h, mount, select } from "./dom.js";
import { call, all } from "./api.js";

const STREAMS = "DynamoDBStreams_20120810", KEEP = 100;

export async function streamScreen(el, [table]) {
  const names = await all("ListTables", {}, "TableNames", "ExclusiveStartTableName", "LastEvaluatedTableName");
  if (!names.length) return mount(el, h("p", { class: "muted" }, "No tables yet."));
  const name = names.includes(table) ? table : names[0];
  const picker = select({ onchange: e => { location.hash = `#/stream/${encodeURIComponent(e.target.value)}`; } }, names, name);
  const status = h("p", { class: "muted", id: "stream-status" });
  const rows = h("tbody", { id: "stream-records" });
  mount(el, h("section", { class: "card" },
    h("div", { class: "row" }, h("label", {}, "Table", picker), h("span", { class: "spacer" }), status),
    h("table", { class: "grid" }, h("thead", {}, h("tr", {}, ["Time", "Event", "Keys", "New image", "Old image"].map(c => h("th", {}, c)))), rows)));
  const { Table } = await call("DescribeTable", { TableName: name });
  if (!Table.StreamSpecification?.StreamEnabled || !Table.LatestStreamArn) {
    status.textContent = "The table has no stream: enable one (UpdateTable with StreamSpecification) to tail it.";
    return;
  }
  const arn = Table.LatestStreamArn;
  const iterators = new Map(); // shard id -> next iterator
  let stopped = false, timer;
  async function openShards() {
    const { StreamDescription } = await call("DescribeStream", { StreamArn: arn }, STREAMS);
    for (const s of StreamDescription.Shards || []) {
      if (s.SequenceNumberRange?.EndingSequenceNumber || iterators.has(s.ShardId)) continue;
      const it = await call("GetShardIterator", { StreamArn: arn, ShardId: s.ShardId, ShardIteratorType: "LATEST" }, STREAMS);
      iterators.set(s.ShardId, it.ShardIterator);
    }
    status.textContent = `${StreamDescription.StreamViewType}; tailing ${iterators.size} open shard(s) of ${arn.split("/stream/")[1]}`;
  }
  async function tick() {
    try {
      if (!iterators.size) await openShards();
      for (const [shard, it] of [...iterators]) {
        const r = await call("GetRecords", { ShardIterator: it, Limit: 100 }, STREAMS);
        if (r.NextShardIterator) iterators.set(shard, r.NextShardIterator);
        else iterators.delete(shard); // closed: its children are opened on the next round
        for (const rec of r.Records || []) rows.prepend(recordRow(rec));
        while (rows.children.length > KEEP) rows.lastChild.remove();
      }
    } catch (e) {
      status.textContent = e.message;
      iterators.clear();
    }
    if (!stopped) timer = setTimeout(tick, 1000);
  }
  timer = setTimeout(tick, 0);
  return () => { stopped = true; clearTimeout(timer); };
}

function recordRow(rec) {
  const d = rec.dynamodb || {};
  const json = v => v ? h("pre", { class: "json" }, JSON.stringify(v)) : "";
  return h("tr", { class: "stream-record" },
    h("td", {}, new Date((d.ApproximateCreationDateTime || 0) * 1000).toLocaleTimeString()),
    h("td", {}, rec.eventName), h("td", {}, json(d.Keys)), h("td", {}, json(d.NewImage)), h("td", {}, json(d.OldImage)));
}
