#!/usr/bin/env bash
# Backup and restore figures (issue #22, docs/benchmarks.md "Backups"): a server with N items
# (default 1,000,000) in its own process; CreateBackup, RestoreTableFromBackup, whole-store backup
# of the running server and its restore, with times and disk use.
#   ./basalt bench backup-figures [N]
# (BENCH_CLASS names another benchmark main of the test classes: bench/transfer-figures.sh)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/backup-bench.classpath >&2
exec "$JAVA_HOME/bin/java" -Xmx1g -cp "target/classes:target/test-classes:$(cat target/backup-bench.classpath)" \
    "${BENCH_CLASS:-io.basalt.cli.BackupBenchmark}" "$@"
