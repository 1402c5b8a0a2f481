#!/usr/bin/env bash
# Export and import figures (issue #22, docs/benchmarks.md "Backups"): a server with N items
# (default 1,000,000) in its own process with --export-root; a full export, an import of it into a
# new table, both tables compared by a checksum over their sorted items.
#   ./basalt bench transfer-figures [N]
set -euo pipefail
BENCH_CLASS=io.basalt.cli.TransferBenchmark exec "$(dirname "${BASH_SOURCE[0]}")/backup-figures.sh" "$@"
