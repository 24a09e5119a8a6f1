# Sourced by scripts/test and scripts/play: make .venv with the package and its extras, and
# the optional compiled search core (accel/, crescent-widget-accel; needs a C compiler).
# Safe to run again: it reinstalls the package only when pyproject.toml or package.json
# changed, the compiled core only when its sources changed, and rebuilds the front end
# (esbuild, well under a second) every time.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="${PYTHON:-python3}"
venv="$root/.venv"
if [ ! -x "$venv/bin/python" ]; then
  echo "== creating $venv"
  "$python" -m venv "$venv"
fi
# npm packages from the lock file: esbuild (the front end's build) and the browser tests' VS Code
# widget manager (@vscode/jupyter-ipywidgets8, @jupyterlab/services, requirejs). Again whenever
# the lock file changes.
npm_stamp="node_modules/.crescent-npm-installed"
npm_want="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f "$npm_stamp" ] || [ "$(cat "$npm_stamp")" != "$npm_want" ]; then
  echo "== installing the npm packages (package-lock.json)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$npm_want" > "$npm_stamp"
fi
stamp="$venv/.crescent-installed"
want="$(cat pyproject.toml package.json 2>/dev/null | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "== installing crescent-widget and its test tools into $venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet -e ".[widget,test,browser,examples,survey,gym,video,parquet,spiel,site,docs]"
  echo "$want" > "$stamp"
elif [ -f package.json ] && [ -d node_modules ]; then
  npm run --silent build
fi
# The compiled search core: optional (the solver falls back to pure Python without it, and
# says which it uses: crescent_widget.solver.backend()), so a failed build warns and goes on;
# CI then fails on its missing accelerator (tests/solver/test_accel.py). CRESCENT_ACCEL=0
# leaves it out on purpose (uninstalled if it was there): the install of a user without a C
# compiler, which a CI job tests.
accel_stamp="$venv/.crescent-accel-installed"
if [ "${CRESCENT_ACCEL:-1}" = "0" ]; then
  if "$venv/bin/python" -c "import crescent_accel" 2>/dev/null; then
    echo "== CRESCENT_ACCEL=0: uninstalling the compiled search core from $venv"
    "$venv/bin/python" -m pip uninstall --quiet --yes crescent-widget-accel
  fi
  rm -f "$accel_stamp"
elif [ -f accel/pyproject.toml ] && [ -f accel/src/crescent_accel/_core.c ]; then
  # Its sources only (not a build's leftovers), in a fixed order.
  accel_sources="$(find accel/pyproject.toml accel/setup.py accel/src/crescent_accel -maxdepth 1 -type f \
    \( -name '*.toml' -o -name '*.c' -o -name '*.h' -o -name '*.py' -o -name '*.pyi' -o -name py.typed \) | LC_ALL=C sort)"
  # shellcheck disable=SC2086  # one path a line, none with spaces
  accel_want="$(cat $accel_sources | sha256sum | cut -d' ' -f1)"
  if [ ! -f "$accel_stamp" ] || [ "$(cat "$accel_stamp")" != "$accel_want" ]; then
    echo "== building and installing the compiled search core (accel/) into $venv"
    accel_log="$venv/accel-install.log"
    if "$venv/bin/python" -m pip install --force-reinstall --no-deps ./accel >"$accel_log" 2>&1; then
      echo "$accel_want" > "$accel_stamp"
    else
      grep -v "^WARNING: Location .* is ignored" "$accel_log" >&2 || true
      echo "== WARNING: the compiled search core did not build (above); the solver uses pure Python" >&2
      rm -f "$accel_stamp"
    fi
  fi
fi
export PATH="$venv/bin:$PATH"
