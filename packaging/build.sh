#!/usr/bin/env bash
# Builds the one-folder bundle into dist/yobigoe (Linux, macOS).
# Usage: bash packaging/build.sh [python]   — uses .venv if present, else creates it.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${1:-}
if [ -z "$PY" ]; then
  [ -x .venv/bin/python ] || python3 -m venv .venv
  PY=.venv/bin/python
fi
"$PY" -m pip install -q -e ".[build]"
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build/pyinstaller packaging/yobigoe.spec
echo "bundle: dist/yobigoe ($(du -sh dist/yobigoe | cut -f1))"
