#!/usr/bin/env bash
# Build the project's wheel, install it (not editable) into a fresh venv outside the source tree,
# and run the bundled example and `rulesengine plugins` from there: a module or data file missing
# from the wheel fails here, as it would for a user who ran `pip install chess-rulesengine`.
#
#   bash scripts/check_wheel.sh            (from the repository root; needs python3 -m venv and pip)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/rulesengine-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Built from a copy of the tracked sources, so no build/ or egg-info folder is left in the tree.
mkdir "$work/src"
tar -C "$repo" --exclude=.venv --exclude=.git --exclude=.ci --exclude=build --exclude='*.egg-info' \
    --exclude=__pycache__ --exclude=.hypothesis -cf - . | tar -C "$work/src" -xf -
python3 -m pip wheel "$work/src" --no-deps -q -w "$work/dist"
wheel=$(ls "$work"/dist/chess_rulesengine-*-py3-none-any.whl)
echo "built $(basename "$wheel")"
# Every file of the import packages (code and data) must be in the wheel.
python3 - "$wheel" "$work/src" <<'PY'
import sys, zipfile
from pathlib import Path
wheel, src = zipfile.ZipFile(sys.argv[1]), Path(sys.argv[2])
inside = set(wheel.namelist())
missing = [str(f.relative_to(root)) for root in (src, src / "plugins") for package in root.glob("rulesengine*")
           if package.is_dir() for f in package.rglob("*")
           if f.is_file() and "__pycache__" not in f.parts and str(f.relative_to(root)) not in inside]
if missing:
    sys.exit("check_wheel: not in the wheel: " + ", ".join(sorted(missing)))
PY
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "$wheel"

# Run from an empty folder, so nothing can be imported from the source tree by accident.
mkdir "$work/run" && cd "$work/run"
export RULESENGINE_PLUGINS=builtin
"$work/venv/bin/python" -c "import rulesengine, sys; sys.exit(0 if '$repo' not in rulesengine.__file__ else 1)"
"$work/venv/bin/rulesengine" standings "$repo/examples/riverside-open-2026.trf" > standings.txt
grep -q "Rank" standings.txt || { echo "check_wheel: standings printed no table" >&2; exit 1; }
"$work/venv/bin/rulesengine" plugins > plugins.txt
for plugin in trf fide uschess club ratings; do
    grep -q "^$plugin  (chess-rulesengine " plugins.txt || { echo "check_wheel: plugin $plugin missing" >&2; cat plugins.txt >&2; exit 1; }
done
"$work/venv/bin/rulesengine" rate --system fide "$repo/examples/riverside-open-2026.trf" > /dev/null
echo "wheel OK: standings, rate and plugins run from a non-editable install"
