#!/usr/bin/env bash
# usage: heap-watch.sh LABEL WORKLOADS [OLD_KB]
# Starts ./basalt serve on disk (port 18127) with a GC log, loads 1,000,000 items and drives
# WORKLOADS with bench/run while jstat samples the heap every 200 ms; the first two times the old
# generation holds more than OLD_KB (default 30000) it takes a class histogram of everything on the
# heap, garbage included (`GC.class_histogram -all`), and a thread dump: what was being promoted,
# and who was holding it. Output in $OUT (default /tmp/prof): gc-LABEL.log, LABEL-jstat.txt,
# LABEL-all-N.txt, LABEL-threads-N.txt, LABELbench.log.
cd "$(dirname "$0")/../../.." && O=${OUT:-/tmp/prof} && mkdir -p "$O"
L=$1; W=$2; LIMIT=${3:-30000}; rm -rf "$O/$L"
BASALT_JAVA_OPTS="-Xlog:gc:file=$O/gc-$L.log" ./basalt serve --port 18127 --data-dir "$O/$L" --log-level warn > "$O/$L.log" 2>&1 &
sleep 3; PID=$(pgrep -f "data-dir $O/$L" | head -1)
bench/run --endpoint http://127.0.0.1:18127 --create-table --items 1000000 --workloads "$W" --duration 15s --warmup 5s --client-warmup 10s --server-pid "$PID" > "$O/${L}bench.log" 2>&1 &
B=$!
jstat -gc "$PID" 200 > "$O/$L-jstat.txt" &
J=$!
n=0
while kill -0 $B 2>/dev/null; do
  ou=$(tail -1 "$O/$L-jstat.txt" | awk '{print int($8)}')   # OU: old generation used, KB
  if [[ -n "$ou" && $ou -gt $LIMIT && $n -lt 2 ]]; then
    n=$((n+1))
    jcmd "$PID" GC.class_histogram -all | head -40 > "$O/$L-all-$n.txt"
    jcmd "$PID" Thread.print > "$O/$L-threads-$n.txt"
  fi
  sleep 0.2
done
kill $J; grep VmRSS /proc/"$PID"/status; kill "$PID"; wait
