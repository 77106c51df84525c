#!/usr/bin/env bash
# Writes constraints.txt anew: every package that `pip install -e '.[all extras]'` resolves today,
# pinned with ==. Run it on purpose (a dependency to update, a new one in pyproject.toml), review
# the diff and commit it; scripts/test.sh, CI and README's install command install from it, so a new
# upstream release changes nothing until then.
set -euo pipefail
cd "$(dirname "$0")/.."
extras=test,browser,serve,postgres,bench
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q -e ".[$extras]"
{
  echo "# Every package of uno-tutor and its extras ($extras), pinned: pip install -c constraints.txt -e '.[...]'."
  echo "# Made by scripts/update_constraints.sh (a fresh venv, the newest releases); run it on purpose and commit."
  "$venv/bin/pip" freeze --exclude-editable | grep -v '^uno-tutor'
} > constraints.txt
echo "constraints.txt: $(grep -vc '^#' constraints.txt) packages pinned"
