#!/usr/bin/env sh
# A plain shell gate for any CI system (GitLab, Jenkins, Buildkite, a git hook...).
# Usage: examples/ci/ci.sh <logs-dir> [baseline-file]
# Optional, from the environment:
#   AMNESIA_CHECKS=examples/checks/checks.yaml AMNESIA_AGENT=<reference | URL | command>
#       run a memory check set against the agent first (its conversations are added to the logs)
#   AMNESIA_BEHAVIOUR_BASELINE=behaviour-baseline.json
#       also fail when the answers drift from a behaviour baseline (amnesia baseline record)
# Exit status: 0 pass, 1 a new memory failure or a failed check (the build should fail), 2 could not run.
set -u
LOGS="${1:?usage: ci.sh <logs-dir> [baseline-file]}"
BASELINE="${2:-amnesia-baseline.json}"
mkdir -p reports

AMNESIA="${AMNESIA:-npx --yes amnesia-forensics}"
status=0
worst() { if [ "$1" -eq 2 ] || [ "$status" -eq 2 ]; then status=2; elif [ "$1" -gt "$status" ]; then status=$1; fi; }

if [ -n "${AMNESIA_CHECKS:-}" ]; then
  $AMNESIA check --set "$AMNESIA_CHECKS" --agent "${AMNESIA_AGENT:?set AMNESIA_AGENT to reference, an endpoint URL or a command}" \
    --events "$LOGS/amnesia-checks.jsonl" \
    --junit reports/amnesia-checks-junit.xml \
    --markdown reports/amnesia-checks.md
  worst $?
fi

# a first run has no baseline yet: amnesia ci refuses a --baseline file that does not exist
if [ -f "$BASELINE" ]; then
  set -- --baseline "$BASELINE"
else
  echo "no $BASELINE yet: every finding counts as new (accept the current ones with: $AMNESIA ci $LOGS --update-baseline --baseline $BASELINE)" >&2
  set --
fi

$AMNESIA ci "$LOGS" "$@" \
  ${AMNESIA_BEHAVIOUR_BASELINE:+--baseline-behaviour "$AMNESIA_BEHAVIOUR_BASELINE"} \
  --junit reports/amnesia-junit.xml \
  --sarif reports/amnesia.sarif \
  --markdown reports/amnesia.md
worst $?

case $status in
  0) echo "amnesia: pass" ;;
  1) echo "amnesia: memory failures, see reports/amnesia.md and reports/amnesia-checks.md" ;;
  *) echo "amnesia: could not run (exit $status)" ;;
esac
exit $status
