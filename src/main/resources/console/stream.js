// Stream: a live tail of a table's stream records, read with the DynamoDB Streams API as a KCL
// worker would (DescribeStream, GetShardIterator on every shard, GetRecords each second): from now on
// (LATEST, open shards) or from the oldest record kept (TRIM_HORIZON, every shard of the last 24 hours).
import { useEffect, useState } from "preact/hooks";
import { h, ErrorText, Muted, useTablePick, describeTable } from "./ui.js";
import { call } from "./api.js";

const STREAMS = "DynamoDBStreams_20120810", KEEP = 100;

export function StreamScreen({ args: [wanted] }) {
  const { names, name, picker, error } = useTablePick("stream", wanted);
  const [status, setStatus] = useState("");
  const [records, setRecords] = useState([]);
  const [from, setFrom] = useState("LATEST");
  useEffect(() => {
    if (!name) return;
    setRecords([]);
    const opened = new Set(); // shards already read from their start
    let stopped = false, timer;
    const iterators = new Map(); // shard id -> next iterator
    async function start() {
      const table = await describeTable(name);
      if (!table.StreamSpecification?.StreamEnabled || !table.LatestStreamArn) {
        setStatus("The table has no stream: enable one (Tables, Edit, Stream) to tail it.");
        return;
      }
      const arn = table.LatestStreamArn;
      async function openShards() {
        const { StreamDescription } = await call("DescribeStream", { StreamArn: arn }, STREAMS);
        for (const s of StreamDescription.Shards || []) {
          const closed = !!s.SequenceNumberRange?.EndingSequenceNumber;
          if (iterators.has(s.ShardId) || opened.has(s.ShardId) || (closed && from === "LATEST")) continue;
          const it = await call("GetShardIterator", { StreamArn: arn, ShardId: s.ShardId, ShardIteratorType: from }, STREAMS);
          iterators.set(s.ShardId, it.ShardIterator);
          opened.add(s.ShardId);
        }
        setStatus(`${StreamDescription.StreamViewType}; tailing ${iterators.size} shard(s) of ${arn.split("/stream/")[1]}, `
          + (from === "LATEST" ? "new records" : "from the oldest record kept"));
      }
      async function tick() {
        try {
          if (!iterators.size) await openShards();
          for (const [shard, it] of [...iterators]) {
            const r = await call("GetRecords", { ShardIterator: it, Limit: 100 }, STREAMS);
            if (stopped) return;
            if (r.NextShardIterator) iterators.set(shard, r.NextShardIterator);
            else iterators.delete(shard); // closed: its children are opened on the next round
            if (r.Records?.length) setRecords(list => [...r.Records.slice().reverse(), ...list].slice(0, KEEP));
          }
        } catch (e) {
          setStatus(e.message);
          iterators.clear();
          opened.clear(); // opened again on the next round
        }
        if (!stopped) timer = setTimeout(tick, 1000);
      }
      tick();
    }
    start().catch(e => setStatus(e.message));
    return () => { stopped = true; clearTimeout(timer); };
  }, [name, from]);
  if (error) return h(ErrorText, { error });
  if (names && !names.length) return h(Muted, {}, "No tables yet.");
  const json = v => v ? h("pre", { class: "json" }, JSON.stringify(v)) : "";
  return h("section", { class: "card" },
    h("div", { class: "row" }, h("label", {}, "Table", picker),
      h("label", {}, "Start at", h("select", { id: "stream-from", value: from, onChange: e => setFrom(e.target.value) },
        h("option", { value: "LATEST" }, "new records (LATEST)"), h("option", { value: "TRIM_HORIZON" }, "oldest kept (TRIM_HORIZON)"))),
      h("span", { class: "spacer" }), h("p", { class: "muted", id: "stream-status" }, status)),
    h("table", { class: "grid" }, h("thead", {}, h("tr", {}, ["Time", "Event", "Keys", "New image", "Old image"].map(c => h("th", {}, c)))),
      h("tbody", { id: "stream-records" }, records.map(rec => {
        const d = rec.dynamodb || {};
        return h("tr", { key: rec.eventID, class: "stream-record" },
          h("td", {}, new Date((d.ApproximateCreationDateTime || 0) * 1000).toLocaleTimeString()),
          h("td", {}, rec.eventName), h("td", {}, json(d.Keys)), h("td", {}, json(d.NewImage)), h("td", {}, json(d.OldImage)));
      }))));
}
