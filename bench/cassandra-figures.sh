#!/usr/bin/env bash
# Figures for docs/benchmarks-cassandra.md (issue #20): the same grid against
#   1. one Basalt node over a Cassandra cluster (replication 3),
#   2. two Basalt nodes over the same cluster and table, each driven by its own client with half the threads,
#   3. the embedded store (RocksDB) of one Basalt node,
# reporting ops/s, p50/p99, Basalt's CPU per operation and the whole cluster's CPU per operation.
#   ./basalt bench cassandra-figures [--dir DIR] [--items N] [--threads T] [--duration S] [--workloads LIST]
#                                    [--replication N] [--phases raw,one-node,two-nodes,embedded]
# "raw" first drives the storage primitives straight through the driver (`basalt cassandra baseline`,
# the same table shape), and the summary ends with each Basalt operation's ops/s and cluster CPU per
# operation as a ratio to the primitive its guarantee needs (issue #35).
# The cluster is the one `./basalt cassandra start --dir DIR` started (started here when it is not up).
# Results: bench/results/*.json|csv and a summary in target/cassandra-figures/summary.txt.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
DIR=/tmp/basalt-cassandra
ITEMS=20000
THREADS=32
DURATION=20s
WORKLOADS=get,put,update,query,transact
REPLICATION=3
PHASES=raw,one-node,two-nodes,embedded
while [[ $# -gt 0 ]]; do
    case "$1" in
        --replication) REPLICATION="$2"; shift 2 ;;
        --phases) PHASES="$2"; shift 2 ;;
        --dir) DIR="$2"; shift 2 ;;
        --items) ITEMS="$2"; shift 2 ;;
        --threads) THREADS="$2"; shift 2 ;;
        --duration) DURATION="$2"; shift 2 ;;
        --workloads) WORKLOADS="$2"; shift 2 ;;
        *) echo "cassandra-figures: unknown option $1" >&2; exit 2 ;;
    esac
done
OUT="$ROOT/target/cassandra-figures"
mkdir -p "$OUT"
SUMMARY="$OUT/summary.txt"
: > "$SUMMARY"

if ! ./basalt cassandra status --dir "$DIR" >/dev/null 2>&1; then
    ./basalt cassandra start --nodes 3 --dir "$DIR"
fi
status="$(./basalt cassandra status --dir "$DIR")"
CONTACT="$(sed -n 's/.*contact points \(.*\)$/\1/p' <<<"$status")"
CLUSTER_PIDS="$(sed -n 's/.*(pid \([0-9]*\)).*/\1/p' <<<"$status" | paste -sd, -)"
echo "cluster: $CONTACT (pids $CLUSTER_PIDS)" | tee -a "$SUMMARY"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
PIDS=()
cleanup() { for p in "${PIDS[@]:-}"; do [[ -n "$p" ]] && kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

# start_node NAME ARGS...: starts a Basalt server, waits until it answers; sets NODE_PORT and NODE_PID
start_node() {
    local name="$1"; shift
    NODE_PORT="$(free_port)"
    ./basalt serve --port "$NODE_PORT" "$@" > "$OUT/$name.log" 2>&1 &
    NODE_PID=$!
    PIDS+=("$NODE_PID")
    for _ in $(seq 1 120); do
        curl -s -o /dev/null "http://127.0.0.1:$NODE_PORT/" && break
        sleep 1
    done
    # ./basalt execs java, so $! is the server's own process
    echo "$name: port $NODE_PORT pid $NODE_PID" | tee -a "$SUMMARY"
}

bench() { # bench LOGNAME ARGS...
    local log="$1"; shift
    ./bench/run --duration "$DURATION" --warmup 5s --client-warmup 20s --items "$ITEMS" \
        --workloads "$WORKLOADS" "$@" > "$OUT/$log.log" 2>&1
    { echo "== $log"; grep -E '^  ' "$OUT/$log.log" | grep -E 'ops/s' ; } | tee -a "$SUMMARY"
}

phase() { [[ ",$PHASES," == *",$1,"* ]]; }

KEYSPACE="bench$(date +%s)"
CASS=(--storage cassandra --cassandra-contact-points "$CONTACT" --cassandra-keyspace "$KEYSPACE" --cassandra-replication "$REPLICATION")

if phase raw; then
    ./basalt cassandra baseline --contact-points "$CONTACT" --replication "$REPLICATION" --items "$ITEMS" --threads "$THREADS" \
        --seconds "${DURATION%s}" --cluster-pids "$CLUSTER_PIDS" > "$OUT/raw.log" 2>&1
    { echo "== raw"; grep -E '^  raw' "$OUT/raw.log"; } | tee -a "$SUMMARY"
fi

if phase one-node || phase two-nodes; then
    start_node cassandra-node1 "${CASS[@]}"
    P1="$NODE_PORT"; PID1="$NODE_PID"
fi
if phase one-node; then
    bench one-node --endpoint "http://127.0.0.1:$P1" --create-table --threads "$THREADS" \
        --server-pid "$PID1" --cluster-pids "$CLUSTER_PIDS"
fi

if phase two-nodes; then
    start_node cassandra-node2 "${CASS[@]}"
    P2="$NODE_PORT"; PID2="$NODE_PID"
    HALF=$(( THREADS / 2 ))
    CREATE=(); phase one-node || CREATE=(--create-table)
    bench two-nodes-a --endpoint "http://127.0.0.1:$P1" "${CREATE[@]}" --threads "$HALF" --server-pid "$PID1" --cluster-pids "$CLUSTER_PIDS" &
    A=$!
    bench two-nodes-b --endpoint "http://127.0.0.1:$P2" --threads "$HALF" --server-pid "$PID2" &
    B=$!
    wait "$A" "$B"
fi
cleanup; PIDS=()
sleep 3

if phase embedded; then
    DATA="$(mktemp -d)"
    start_node embedded --data-dir "$DATA"
    bench embedded --endpoint "http://127.0.0.1:$NODE_PORT" --create-table --threads "$THREADS" --server-pid "$NODE_PID"
    cleanup; PIDS=()
    rm -rf "$DATA"
fi

# the cluster's CPU per operation falls as its load rises: each primitive again at the rate Basalt reached
if phase raw && phase one-node; then
    : > "$OUT/raw-at-rate.log"
    for pair in get:read-one query:slice-one put:lwt update:lwt; do
        op="${pair%%:*}"; prim="${pair##*:}"
        rate="$(awk -v op="$op" '{ for (i = 1; i < NF; i++) if ($i ~ ("^" op "@")) { v = $(i + 1); gsub(/,/, "", v); print int(v); exit } }' "$OUT/one-node.log")"
        [[ -n "$rate" && "$rate" -gt 0 ]] || continue
        ./basalt cassandra baseline --contact-points "$CONTACT" --replication "$REPLICATION" --items "$ITEMS" --threads "$THREADS" \
            --seconds "${DURATION%s}" --rate "$rate" --primitives "$prim" --cluster-pids "$CLUSTER_PIDS" 2>&1 \
            | grep -E '^  raw' | sed "s/^  raw /  raw-for-$op /" >> "$OUT/raw-at-rate.log"
    done
    { echo "== raw at Basalt's rates"; cat "$OUT/raw-at-rate.log"; } | tee -a "$SUMMARY"
    { echo "== cluster CPU per op, one Basalt node / the raw primitive at the same rate"
      awk '
        FNR == 1 { file++ }
        function cpu(   i) { for (i = 1; i < NF; i++) if ($i == "cluster") return $(i + 1); return "" }
        file == 1 { split($1, who, "-for-"); raw[who[2]] = cpu() }
        file == 2 && /ops\/s/ && / cluster / { for (i = 1; i <= NF; i++) if ($i ~ /@/) { split($i, c, "@"); ours[c[1]] = cpu(); break } }
        END { for (op in raw) if (op in ours && raw[op] > 0) printf("  %-8s %.2fx (%s vs %s µs/op)\n", op, ours[op] / raw[op], ours[op], raw[op]) }
      ' "$OUT/raw-at-rate.log" "$OUT/one-node.log"; } | tee -a "$SUMMARY"
fi

# Basalt (one node) against the primitive each operation's guarantee needs (docs/benchmarks-cassandra.md)
if phase raw && phase one-node; then
    { echo "== ratios (one Basalt node / raw primitive): ops/s, cluster CPU per op"
      awk '
        function cell(line) { for (i = 1; i <= NF; i++) if ($i ~ /@/) { split($i, c, "@"); return c[1] } }
        function field(after,   i) { for (i = 1; i < NF; i++) if ($i == after) return $(i + 1); return "" }
        FNR == 1 { file++ }
        /ops\/s/ { name = cell($0); for (i = 1; i < NF; i++) if ($(i + 1) == "ops/s") { ops = $i; gsub(/,/, "", ops) }
                   if (file == 1) { rawOps[name] = ops; rawCpu[name] = field("cluster") }
                   else { ourOps[name] = ops; ourCpu[name] = field("cluster") } }
        END {
          pairs["get"] = "read-one"; pairs["query"] = "slice-one"; pairs["put"] = "lwt"; pairs["update"] = "lwt"
          for (op in pairs) {
            p = pairs[op]
            if (!(op in ourOps) || !(p in rawOps) || rawOps[p] == 0) continue
            line = sprintf("  %-8s vs %-10s ops/s %.2fx", op, p, ourOps[op] / rawOps[p])
            if (ourCpu[op] != "" && rawCpu[p] != "" && rawCpu[p] > 0) line = line sprintf("  cluster CPU/op %.2fx", ourCpu[op] / rawCpu[p])
            print line
          }
        }' "$OUT/raw.log" "$OUT/one-node.log"; } | tee -a "$SUMMARY"
fi
echo "summary: $SUMMARY"
