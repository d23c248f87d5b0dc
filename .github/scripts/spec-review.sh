#!/usr/bin/env bash
# The spec-review comparison behind action.yml (and so .github/workflows/spec-review.yml): ONE
# `socialgen diff` run writes the annotations (stdout), the comment (REPORT: the review within a comment's
# size), the full review (REPORT_FULL, uploaded as the job's `spec-review` artifact) and the JSON summary.
#
# Environment: SPEC, BASE_REF, IGNORE_FILE (optional), FAIL_ON, LINK (optional), PROJECT (optional: a
# tsconfig.json whose code is type-checked against the head's generated packages), REPORT, REPORT_FULL, REPORT_JSON,
# SOCIALGEN_HOME (the action's checkout) or SOCIALGEN (the command), GITHUB_OUTPUT / GITHUB_STEP_SUMMARY
# (optional outside Actions). Always exits 0: the verdict goes to the `exit-code` output, so the comment
# is posted before the job fails.
set -uo pipefail

socialgen="${SOCIALGEN:-$SOCIALGEN_HOME/node_modules/.bin/socialgen}"
out="${GITHUB_OUTPUT:-/dev/null}"
summary="${GITHUB_STEP_SUMMARY:-/dev/null}"

finish() {
  echo "exit-code=$1" >> "$out"
  echo "report=$REPORT" >> "$out"
  if [ -n "${REPORT_FULL:-}" ] && [ -f "$REPORT_FULL" ]; then echo "full-report=$REPORT_FULL" >> "$out"; fi
  cat "$REPORT" >> "$summary"
  exit 0
}

unreadable() {
  printf '<!-- socialgen-diff -->\n### ⚠️ Spec review could not run\n\n%s\n' "$1" > "$REPORT"
  echo "::error::$1"
  finish 2
}

if [ -z "${BASE_REF:-}" ]; then
  unreadable 'No base ref to compare with: this is not a pull request and the `base-ref` input is empty.'
fi

# The base: the remote-tracking branch when there is one, else the ref as given; fetched when missing.
ref=""
for candidate in "origin/$BASE_REF" "$BASE_REF"; do
  if git rev-parse --verify --quiet "$candidate^{commit}" > /dev/null; then ref="$candidate"; break; fi
done
if [ -z "$ref" ] && git fetch --no-tags --quiet origin "$BASE_REF" 2> /dev/null; then
  git rev-parse --verify --quiet "origin/$BASE_REF^{commit}" > /dev/null && ref="origin/$BASE_REF" || ref="FETCH_HEAD"
fi
if [ -z "$ref" ]; then
  unreadable "The base ref \`$BASE_REF\` is not in this clone and could not be fetched (check out with fetch-depth: 0)."
fi

if ! git cat-file -e "$ref:$SPEC" 2> /dev/null; then
  printf '<!-- socialgen-diff -->\n### Spec review\n\n`%s` does not exist on `%s` yet: nothing to compare.\n' "$SPEC" "$BASE_REF" > "$REPORT"
  finish 0
fi

args=(diff "git:$ref:$SPEC" "$SPEC" --format github --output "comment=$REPORT" --output "json=$REPORT_JSON" --fail-on "${FAIL_ON:-breaking}")
if [ -n "${REPORT_FULL:-}" ]; then args+=(--output "markdown=$REPORT_FULL"); fi
if [ -n "${PROJECT:-}" ]; then args+=(--project "$PROJECT"); fi
if [ -n "${IGNORE_FILE:-}" ] && [ -f "$IGNORE_FILE" ]; then args+=(--ignore "$IGNORE_FILE"); fi
if [ -n "${LINK:-}" ]; then args+=(--link "$LINK"); fi

"$socialgen" "${args[@]}"
code=$?
if [ "$code" -ge 2 ]; then
  unreadable 'The spec or the ignore file could not be read; see the job log.'
fi

node -e '
  const { summary } = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  console.log(`breaking=${summary.breaking}\nwarnings=${summary.warning}\nsemver=${summary.semver}`);
' "$REPORT_JSON" >> "$out"
finish "$code"
