#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Exits non-zero if any step fails, but
# runs the test suites even when an earlier check failed, so one run shows everything.
# `--loaded` (`npm run test:loaded`): the same checks with busy threads beside them (two, or
# LT_HOG_WORKERS), as on a machine doing other work: a test that waits for a time instead of
# what it means fails or slows then (README, "Testing under load").
set -uo pipefail
cd "$(dirname "$0")/.."
# Node 24 first on PATH (brought from the npm registry when the machine's node is older).
. scripts/node24.sh || exit 1
started=$SECONDS
hog=""

if [ "${1:-}" = "--loaded" ]; then
  # at most 90 minutes, and it stops when this script ends (however it ends)
  node scripts/cpu-hog.mjs "${LT_HOG_WORKERS:-2}" 5400 $$ &
  hog=$!
  trap 'kill "$hog" 2>/dev/null; wait "$hog" 2>/dev/null' EXIT
elif [ "$#" -gt 0 ]; then
  echo "usage: scripts/test.sh [--loaded]" >&2
  exit 2
fi

failed=()
step() {
  local name="$1"
  shift
  echo
  echo "── $name ──"
  if "$@"; then
    return 0
  fi
  failed+=("$name")
  return 1
}

step typecheck npm run --silent typecheck
step lint npx biome check .
built=1
step build npx electron-vite build || built=0
# Each suite also writes a JSON report, so the run can end on one plain count of every test.
reports="$(mktemp -d)"
json() { echo "--reporter=default" "--reporter=json" "--outputFile.json=$reports/$1.json"; }
step "unit and integration tests" bash scripts/with-keyring.sh npx vitest run $(json unit)
if [ "$built" = 1 ]; then
  step "end-to-end tests (Chromium)" bash scripts/with-keyring.sh npx vitest run --config vitest.e2e.config.ts $(json e2e)
else
  echo "── end-to-end tests skipped: the build failed, and they run the built renderer ──"
  failed+=("end-to-end tests (not run)")
fi

echo
if [ "${#failed[@]}" -gt 0 ]; then
  echo "FAILED: ${failed[*]}"
else
  echo "All checks passed."
fi
echo "npm test${hog:+ (under load)} took $((SECONDS - started)) s"
# The last line: one plain count of every test.
node scripts/lib/test-summary.mjs "$reports"/*.json || failed+=("test summary")
rm -rf "$reports"
[ "${#failed[@]}" -eq 0 ]
