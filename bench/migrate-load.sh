#!/usr/bin/env bash
# The migration toolkit's load benchmark (issue #19, docs/benchmarks.md "Migration load"): the gaming
# example generated in the machine's PostgreSQL and MariaDB, then loaded into a fresh on-disk Basalt
# by `migrate run` and naively (sequential PutItem in source order) in the same run, with exact counts.
#   ./basalt bench migrate-load [--rows N] [--naive-rows N] [--sources pg,mariadb]
# Defaults: 1,000,000 association rows; the naive load runs over all of them (--naive-rows N: only the
# first N, to bound its time). Needs PostgreSQL on 127.0.0.1:5432 (postgres, trust) and MariaDB on
# 127.0.0.1:3306 (root, empty password); creates and drops the database basalt_load_bench.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROWS=1000000 NAIVE=0 SOURCES=pg,mariadb
while [[ $# -gt 0 ]]; do
    case "$1" in
        --rows) ROWS="$2"; shift 2 ;;
        --naive-rows) NAIVE="$2"; shift 2 ;;
        --sources) SOURCES="$2"; shift 2 ;;
        *) echo "usage: ./basalt bench migrate-load [--rows N] [--naive-rows N] [--sources pg,mariadb]" >&2; exit 2 ;;
    esac
done
cd "$ROOT"
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/load-bench.classpath >&2
CP="target/classes:target/test-classes:$(cat target/load-bench.classpath)"
OUT="target/migrate-load.md"
: > "$OUT"
DB=basalt_load_bench
for s in ${SOURCES//,/ }; do
    case "$s" in
        pg)
            psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB" >&2
            URL="jdbc:postgresql://127.0.0.1:5432/$DB" USER=postgres ;;
        mariadb)
            mysql -h 127.0.0.1 -u root -e "DROP DATABASE IF EXISTS $DB; CREATE DATABASE $DB" >&2
            URL="jdbc:mariadb://127.0.0.1:3306/$DB" USER=root ;;
        *) echo "unknown source $s" >&2; exit 2 ;;
    esac
    start=$(date +%s)
    "$ROOT/basalt" migrate generate-example gaming --source "$URL" --user "$USER" --rows "$ROWS" >&2
    echo "generated $ROWS rows in $(( $(date +%s) - start )) s" >&2
    "$JAVA_HOME/bin/java" -Xmx1g -cp "$CP" io.basalt.migrate.load.LoadBenchmark --source "$URL" --user "$USER" \
        --naive-rows "$NAIVE" --out "$OUT"
    case "$s" in
        pg) psql -h 127.0.0.1 -U postgres -qc "DROP DATABASE IF EXISTS $DB WITH (FORCE)" >&2 ;;
        mariadb) mysql -h 127.0.0.1 -u root -e "DROP DATABASE IF EXISTS $DB" >&2 ;;
    esac
done
echo "| source | rows | migrate run | rows/s | naive (sequential PutItem) | rows/s | speed-up |"
echo "|---|---:|---:|---:|---:|---:|---:|"
cat "$OUT"
