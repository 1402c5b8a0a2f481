#!/usr/bin/env bash
# usage: profile-server.sh LABEL WORKLOAD... ; profiles each workload 20 s while bench drives it 30 s
cd "$(dirname "$0")/../../.." && mkdir -p "${OUT:-/tmp/prof}"
LABEL=$1; shift
rm -rf ${OUT:-/tmp/prof}/data-$LABEL
PORT=18123
BASALT_JAVA_OPTS="-XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints ${EXTRA_OPTS:-}" ./basalt serve --port $PORT --data-dir ${OUT:-/tmp/prof}/data-$LABEL --log-level warn > ${OUT:-/tmp/prof}/server-$LABEL.log 2>&1 &
sleep 3
PID=$(pgrep -f "data-dir ${OUT:-/tmp/prof}/data-$LABEL" | head -1)
echo "server pid $PID"
bench/run --endpoint http://127.0.0.1:$PORT --create-table --items 100000 --workloads get --duration 5s --warmup 1s --client-warmup 1s --server-pid $PID > ${OUT:-/tmp/prof}/load-$LABEL.log 2>&1
for w in "$@"; do
  mkdir -p "${OUT:-/tmp/prof}"; ( sleep 20; java -jar /tmp/ap.jar profiler -d 20 -e itimer -i 1ms -o collapsed -f ${OUT:-/tmp/prof}/$LABEL-$w.txt $PID >/dev/null 2>&1 ) &
  PP=$!
  bench/run --endpoint http://127.0.0.1:$PORT --workloads $w --duration 25s --warmup 5s --client-warmup 15s --server-pid $PID > ${OUT:-/tmp/prof}/bench-$LABEL-$w.log 2>&1
  wait $PP
  grep -E "ops/s|µs/op|cpu" ${OUT:-/tmp/prof}/bench-$LABEL-$w.log | tail -3
done
kill $PID; wait
