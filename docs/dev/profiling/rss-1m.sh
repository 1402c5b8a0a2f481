#!/usr/bin/env bash
# usage: rss-1m.sh LABEL ; env BASALT_JAVA_OPTS, BASALT_CACHE_MB
cd "$(dirname "$0")/../../.." && mkdir -p "${OUT:-/tmp/prof}"
LABEL=$1
rm -rf ${OUT:-/tmp/prof}/rss-$LABEL
PORT=18124
BASALT_JAVA_OPTS="-XX:NativeMemoryTracking=summary ${BASALT_JAVA_OPTS:-}" ./basalt serve --port $PORT --data-dir ${OUT:-/tmp/prof}/rss-$LABEL --log-level warn > ${OUT:-/tmp/prof}/rssserver-$LABEL.log 2>&1 &
sleep 3
PID=$(pgrep -f "data-dir ${OUT:-/tmp/prof}/rss-$LABEL" | head -1)
bench/run --endpoint http://127.0.0.1:$PORT --create-table --items 1000000 --workloads get,query,scan@1 --duration 15s --warmup 5s --client-warmup 10s --server-pid $PID > ${OUT:-/tmp/prof}/rssbench-$LABEL.log 2>&1
grep -E "@" ${OUT:-/tmp/prof}/rssbench-$LABEL.log | tail -4
echo "RSS now: $(grep VmRSS /proc/$PID/status)"
jcmd $PID VM.native_memory summary 2>/dev/null | grep -E "Total|Java Heap|Class|Thread|Code|GC|Internal|Other|Metaspace|Arena|Symbol|Shared" | head -20 > ${OUT:-/tmp/prof}/nmt-$LABEL.txt
kill $PID; wait
