// Compile Python sources to bytecode with the very interpreter the site serves: Pyodide, run
// by Node. lite/bytecode.py calls it during the site's build; a .pyc is only good for the
// CPython version that wrote it, and this one is the browser's, whatever Python builds the site.
//
//   node lite/compile_pyc.mjs PYODIDE_DIR TREE
//
// TREE/places.json names TREE's folders, each a tree of sources and where it sits in the
// browser: {"FOLDER": {"place": "stdlib" | "site-packages", "legacy": bool}}. Each .py under a
// folder gets its .pyc, beside it (legacy: where zipimport looks) or in __pycache__ (where
// site-packages' importer looks), naming in its code objects the path it has in the browser,
// and checked against nothing at import (unchecked-hash: no file changes under a kernel).
// Prints one line of JSON: the browser's paths, its cache tag, and which folders compiled whole.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const [pyodideDir, tree] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(`${pyodideDir}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, stdout: () => {}, stderr: (t) => console.error(t) });
pyodide.FS.mkdirTree("/bytecode");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/bytecode");
pyodide.globals.set("places", JSON.parse(readFileSync(`${tree}/places.json`, "utf8")));
const report = pyodide.runPython(`
import compileall, json, sys, sysconfig
from py_compile import PycInvalidationMode

# Where each kind of file lives in the browser: the standard library's zip on sys.path, and
# the site-packages that Pyodide unpacks the wheels into.
where = {
    "stdlib": next(p for p in sys.path if p.endswith(".zip")),
    "site-packages": sysconfig.get_paths()["purelib"],
}
compiled = {}
for folder, place in places.to_py().items():
    ok = compileall.compile_dir(
        f"/bytecode/{folder}", ddir=where[place["place"]], quiet=2, legacy=place["legacy"],
        invalidation_mode=PycInvalidationMode.UNCHECKED_HASH,
    )
    compiled[folder] = bool(ok)
json.dumps({"where": where, "cache_tag": sys.implementation.cache_tag, "ok": compiled})
`);
console.log(report);
