# Builds the one-folder bundle into dist\yobigoe (Windows).
# Usage: powershell -ExecutionPolicy Bypass -File packaging\build.ps1
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..")
if (-not (Test-Path ".venv\Scripts\python.exe")) { py -3.11 -m venv .venv }
$py = ".venv\Scripts\python.exe"
& $py -m pip install -q -e ".[build]"
& $py -m PyInstaller --noconfirm --clean --log-level WARN --distpath dist --workpath build\pyinstaller packaging\yobigoe.spec
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
& "dist\yobigoe\yobigoe.exe" --self-test
exit $LASTEXITCODE
