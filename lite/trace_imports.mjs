// Which modules of Python's standard library an app page imports before its first board: the
// site's build (lite/app_runtime.py) gives those their bytecode, the others stay sources.
//
//   node lite/trace_imports.mjs PYODIDE_DIR WHEEL HOST_PY
//
// Runs host.py in Pyodide (run by Node), opens a lesson's board and a game's, and prints one
// line of JSON: the standard library's zip path and the files (inside it) of every module imported.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const [pyodideDir, wheel, hostPy] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(`${pyodideDir}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (t) => console.error(t) });
await pyodide.loadPackage(wheel, { messageCallback: () => {} });
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(readFileSync(hostPy, "utf8"), { globals: namespace });
const openBoard = namespace.get("open_board");
const quiet = () => {};
openBoard(JSON.stringify({ lang: "en", lesson: 1, done: [] }), quiet, quiet);
openBoard(JSON.stringify({ lang: "pl", code: "CR1-N-AAAAAAB" }), quiet, quiet);
const report = pyodide.runPython(`
import json, sys
stdlib = next(p for p in sys.path if p.endswith(".zip"))
files = sorted(
    m.__file__[len(stdlib) + 1:]
    for m in list(sys.modules.values())
    if getattr(m, "__file__", None) and m.__file__.startswith(stdlib + "/")
)
json.dumps({"stdlib": stdlib, "files": files})
`);
console.log(report);
