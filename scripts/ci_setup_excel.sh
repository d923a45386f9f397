#!/usr/bin/env bash
# Set up what the spreadsheet tests in tests/excel/ need beyond the Python venv:
#   1. LibreOffice headless (Debian package libreoffice-calc-nogui), for the real-spreadsheet round trip,
#      with Carlito (Calibri's metrics: the render tests measure pages as Excel prints them) and
#      poppler-utils (pdftotext, pdfinfo, pdftoppm: the render tests read the printed pages back);
#   1b. Chromium headless (Debian package chromium), for the published ladder page loaded in a real browser;
#   2. the npm `pyodide` package in .ci/node/, for the xlwings Lite (Pyodide) smoke test;
#   3. pure-Python wheels in .ci/wheels/: the engine's runtime dependencies and micropip, as Pyodide
#      installs them; xlwings (its pure-Python wheel, what xlwings Lite installs) for the Lite script;
#      setuptools/wheel so the test can build the project's own wheel offline.
# Each step is skipped when already done, so running it twice is cheap. Needs network (apt, npm, PyPI)
# the first time; the tests themselves run offline. Usage (from the repository root):
#   bash scripts/ci_setup_excel.sh            # everything
#   SKIP_LIBREOFFICE=1 bash scripts/ci_setup_excel.sh
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-}"
if [[ -z "$PYTHON" ]]; then
    if [[ -x .venv/bin/python ]]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
PYODIDE_VERSION="${PYODIDE_VERSION:-314.0.7}"   # CPython 3.14; what xlwings Lite runs in 2026
XLWINGS_VERSION="${XLWINGS_VERSION:-0.37.8}"
NODE_DIR=.ci/node
WHEEL_DIR=.ci/wheels

step() { printf '== %s\n' "$*"; }

# 1. LibreOffice -------------------------------------------------------------------------------
if [[ -n "${SKIP_LIBREOFFICE:-}" ]]; then
    step "LibreOffice: skipped (SKIP_LIBREOFFICE set)"
elif command -v soffice >/dev/null 2>&1 && dpkg -s fonts-crosextra-carlito >/dev/null 2>&1 \
     && command -v pdftoppm >/dev/null 2>&1; then
    step "LibreOffice: already installed ($(command -v soffice)), with Carlito and poppler-utils"
else
    step "LibreOffice: installing libreoffice-calc-nogui, fonts-crosextra-carlito, poppler-utils"
    SUDO=""; [[ "$(id -u)" != 0 ]] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
        libreoffice-calc-nogui fonts-crosextra-carlito poppler-utils >/dev/null
fi

# 1b. Chromium --------------------------------------------------------------------------------
if [[ -n "${SKIP_CHROMIUM:-}" ]]; then
    step "Chromium: skipped (SKIP_CHROMIUM set)"
elif command -v chromium >/dev/null 2>&1; then
    step "Chromium: already installed ($(command -v chromium))"
else
    step "Chromium: installing chromium"
    SUDO=""; [[ "$(id -u)" != 0 ]] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

# 2. Pyodide (npm) -----------------------------------------------------------------------------
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    step "Pyodide: node/npm not found; the Pyodide smoke test will be skipped"
elif [[ -f "$NODE_DIR/node_modules/pyodide/package.json" ]] \
     && grep -q "\"version\": \"$PYODIDE_VERSION\"" "$NODE_DIR/node_modules/pyodide/package.json"; then
    step "Pyodide: $PYODIDE_VERSION already in $NODE_DIR"
else
    step "Pyodide: npm install pyodide@$PYODIDE_VERSION into $NODE_DIR"
    mkdir -p "$NODE_DIR"
    [[ -f "$NODE_DIR/package.json" ]] || echo '{"private": true}' > "$NODE_DIR/package.json"
    npm install --prefix "$NODE_DIR" --no-audit --no-fund --loglevel=error "pyodide@$PYODIDE_VERSION" >/dev/null
fi

# 3. Wheels for Pyodide and for building the project's wheel offline -----------------------------
mkdir -p "$WHEEL_DIR/runtime" "$WHEEL_DIR/lite" "$WHEEL_DIR/build"
# The same versions the venv runs, so both Pythons test the same code.
mapfile -t RUNTIME < <("$PYTHON" - <<'PY'
from importlib.metadata import version
for name in ("pluggy", "openpyxl", "et_xmlfile", "defusedxml", "anyascii"):
    print(f"{name}=={version(name)}")
PY
)
if [[ ${#RUNTIME[@]} -ne 5 ]]; then
    echo "could not read the versions of pluggy, openpyxl, et_xmlfile, defusedxml, anyascii from $PYTHON" >&2
    exit 1
fi
LOCK="$NODE_DIR/node_modules/pyodide/pyodide-lock.json"
if [[ -f "$LOCK" ]]; then
    # micropip is part of the Pyodide distribution but not of the npm package: use the locked version.
    RUNTIME+=("micropip==$("$PYTHON" -c "import json,sys; print(json.load(open(sys.argv[1]))['packages']['micropip']['version'])" "$LOCK")")
    PYODIDE_PY="$("$PYTHON" -c "import json,sys; v=json.load(open(sys.argv[1]))['info']['python'].split('.'); print(v[0]+'.'+v[1])" "$LOCK")"
else
    PYODIDE_PY=3.14
fi
step "Wheels: ${RUNTIME[*]} (for Python $PYODIDE_PY, pure Python only) into $WHEEL_DIR/runtime"
"$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version "$PYODIDE_PY" --implementation py --abi none --platform any \
    -d "$WHEEL_DIR/runtime" "${RUNTIME[@]}"
step "Wheels: xlwings==$XLWINGS_VERSION (pure Python, as in xlwings Lite) into $WHEEL_DIR/lite"
"$PYTHON" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
    --python-version "$PYODIDE_PY" --implementation py --abi none --platform any \
    -d "$WHEEL_DIR/lite" "xlwings==$XLWINGS_VERSION"
step "Wheels: build backend (setuptools, wheel) into $WHEEL_DIR/build"
"$PYTHON" -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
    -d "$WHEEL_DIR/build" "setuptools>=68" wheel
step "done"
