# Sourced by scripts/test and scripts/play: make .venv with the package and its extras.
# Safe to run again: it reinstalls only when pyproject.toml or package.json changed,
# and rebuilds the front end (esbuild, well under a second) every time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
venv="$root/.venv"
if [ ! -x "$venv/bin/python" ]; then
  echo "== creating $venv"
  "$python" -m venv "$venv"
fi
stamp="$venv/.crescent-installed"
want="$(cat pyproject.toml package.json 2>/dev/null | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== installing crescent-widget and its test tools into $venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet -e ".[widget,test,browser,examples,survey,site]"
  echo "$want" > "$stamp"
elif [ -f package.json ] && [ -d node_modules ]; then
  npm run --silent build
fi
export PATH="$venv/bin:$PATH"
