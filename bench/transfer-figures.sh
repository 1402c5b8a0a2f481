#!/usr/bin/env bash
# Export and import figures (issue #22, docs/benchmarks.md "Backups"): a server with N items
# (default 1,000,000) in its own process with --export-root; a full export, an import of it into a
# new table, both tables compared by a checksum over their sorted items.
#   ./basalt bench transfer-figures [N]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mvn -q -B -DskipTests test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile=target/transfer-bench.classpath >&2
exec "$JAVA_HOME/bin/java" -Xmx1g -cp "target/classes:target/test-classes:$(cat target/transfer-bench.classpath)" \
    io.basalt.cli.TransferBenchmark "$@"
