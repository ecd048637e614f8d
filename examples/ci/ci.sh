#!/usr/bin/env sh
# A plain shell gate for any CI system (GitLab, Jenkins, Buildkite, a git hook...).
# Usage: examples/ci/ci.sh <logs-dir> [baseline-file]
# Exit status: 0 pass, 1 a new memory failure (the build should fail), 2 could not run.
set -u
LOGS="${1:?usage: ci.sh <logs-dir> [baseline-file]}"
BASELINE="${2:-amnesia-baseline.json}"
mkdir -p reports

AMNESIA="${AMNESIA:-npx --yes amnesia-forensics}"

if [ ! -f "$BASELINE" ]; then
  echo "no $BASELINE yet: every finding counts as new (accept the current ones with: $AMNESIA ci $LOGS --update-baseline)" >&2
fi

$AMNESIA ci "$LOGS" \
  --baseline "$BASELINE" \
  --junit reports/amnesia-junit.xml \
  --sarif reports/amnesia.sarif \
  --markdown reports/amnesia.md
status=$?

case $status in
  0) echo "amnesia: pass" ;;
  1) echo "amnesia: new memory failures, see reports/amnesia.md" ;;
  *) echo "amnesia: could not run (exit $status)" ;;
esac
exit $status
