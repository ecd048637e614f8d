#!/usr/bin/env bash
# Sharded triage on one big machine with GNU parallel (docs/scale.md): cut the logs into N shards,
# triage each shard in its own process (JOBS at a time), merge the findings documents, and gate on them.
#
#   examples/scale/parallel.sh <logs...>            # N=8 shards, one job per core
#   N=16 JOBS=4 OUT=/scratch/run examples/scale/parallel.sh s3-sync/logs/
#
# Prints the merged findings document's path and exits as `amnesia ci` does: 0 pass, 1 new findings
# at or above FAIL_ON (default error) not in BASELINE, 2 bad input (a shard missing, a document broken).
# With the logs in object storage, sync them down first and the findings up after, e.g.
#   aws s3 sync s3://agent-logs/2026-12-01/ logs/ && examples/scale/parallel.sh logs/
#   aws s3 cp "$OUT/findings.json" s3://agent-findings/2026-12-01/findings.json
set -euo pipefail
AMNESIA="${AMNESIA:-amnesia}"
N="${N:-8}"
JOBS="${JOBS:-$(nproc)}"
BY="${BY:-session}"                 # or user: one user's sessions and memories in one shard
OUT="${OUT:-amnesia-shards}"
FAIL_ON="${FAIL_ON:-error}"
BASELINE="${BASELINE:-amnesia-baseline.json}"
IGNORE_UNREAD="${IGNORE_UNREAD:-}"  # globs of inputs allowed not to be read (files that are not logs), space-separated
[ "$#" -gt 0 ] || { echo "usage: $0 <logs...> (files or folders)" >&2; exit 2; }
command -v parallel >/dev/null || { echo "$0: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

# 1. one pass over the logs: $OUT/shard-K-of-N/events.jsonl and $OUT/manifest.json
$AMNESIA shard "$@" --out "$OUT" --shards "$N" --by "$BY" --no-progress

# 2. one process per shard; --halt stops the run on the first shard that cannot be read (exit 2)
export AMNESIA OUT N BY
seq 0 $((N - 1)) | parallel --halt now,fail=1 -j "$JOBS" \
  '$AMNESIA triage "$OUT/shard-{}-of-$N" --shard {}/$N --by "$BY" --format json --no-progress > "$OUT/findings-{}.json" 2> "$OUT/findings-{}.log"'

# 3. one document, as one triage of everything gives it; a missing shard fails here
$AMNESIA merge "$OUT"/findings-*.json --manifest "$OUT/manifest.json" > "$OUT/findings.json"
echo "$OUT/findings.json" >&2

# 4. the gate: the same baseline, reports and exit codes as `amnesia ci <logs>`
baseline=()
[ -f "$BASELINE" ] && baseline=(--baseline "$BASELINE")
ignore=()
set -f
for g in $IGNORE_UNREAD; do ignore+=(--ignore-unread "$g"); done
set +f
exec $AMNESIA ci --findings "$OUT"/findings-*.json --manifest "$OUT/manifest.json" --fail-on "$FAIL_ON" "${baseline[@]}" "${ignore[@]}"
