// The test page's half of VS Code's notebook webview for ipywidgets (tests/browser/vscode_host.py
// says what it reproduces and what not). Bundled by esbuild for the test; the widget manager
// itself is VS Code's own, @vscode/jupyter-ipywidgets8's dist/ipywidgets.js, loaded unchanged.
//
// What it does, in VS Code's order (vscode-jupyter, src/webviews/webview-side/ipywidgets/kernel):
// 1. require.js is on the page before anything (VS Code ships it as a notebook preload);
// 2. the ipywidgets 8 preload is imported as an ES module and activate() is called; once the
//    kernel's ipywidgets is 8, vscIPyWidgets8.load() defines the @jupyter-widgets modules in
//    requirejs and exposes vscIPyWidgets.WidgetManager (index.ts: activate, initializeWidgetManager);
// 3. `new WidgetManager(kernel, undefined, scriptLoader, logger, undefined)` (manager.ts);
// 4. the scriptLoader answers loadWidgetScript(module) as ScriptManager does with the default
//    settings (no CDN sources): with the local source the extension found in the Python
//    environment's share/jupyter/nbextensions, registered as a requirejs path
//    (requirejsRegistry.ts), and data-base-url set on the body;
// 5. a widget-view output renders like renderIPyWidget + WidgetManager.renderWidget:
//    get_model, create_view, display_view into .cell-output-ipywidget-background > .cell-output.
import { KernelManager, ServerConnection } from "@jupyterlab/services";

const config = await (await fetch("./host.json")).json();
const log = [];
const logger = (message) => log.push(String(message));

// ---------------------------------------------------------------- scriptLoader (scriptManager.ts)

const widgetsRegisteredInRequireJs = new Set();
let customScriptsRegistered = false;

function registerScripts(sources) {
  const paths = {};
  if (!customScriptsRegistered) {
    customScriptsRegistered = true;
    window.requirejs.config({ map: { "*": { "jupyter-js-widgets": "@jupyter-widgets/base" } } });
  }
  for (const { moduleName, scriptUri } of sources) {
    paths[moduleName] = scriptUri.toLowerCase().endsWith(".js") ? scriptUri.slice(0, -3) : scriptUri;
    widgetsRegisteredInRequireJs.add(moduleName);
  }
  window.requirejs.config({ baseUrl: config.baseUrl, paths });
}

const loadErrors = [];
const scriptLoader = {
  widgetsRegisteredInRequireJs,
  errorHandler: (className, moduleName, moduleVersion, error) => {
    loadErrors.push(`${moduleName}@${moduleVersion} ${className}: ${error}`);
    console.error(`Failed to to Widget load class ${moduleName}${className}`, String(error));
  },
  loadWidgetScript: async (moduleName, moduleVersion) => {
    logger(`Fetch IPyWidget source for ${moduleName}@${moduleVersion}`);
    const source = config.sources.find((s) => s.moduleName.toLowerCase() === moduleName.toLowerCase());
    if (!source) {
      console.error(`Source for IPyWidget ${moduleName} not found.`);
      return;
    }
    registerScripts([source]);
  },
  successHandler: (className, moduleName, moduleVersion) => logger(`loaded ${moduleName}@${moduleVersion} ${className}`),
};

// --------------------------------------------------------------------------------- start up

document.body.dataset.baseUrl = config.baseUrl.endsWith("/") ? config.baseUrl : `${config.baseUrl}/`;
const preload = await import(config.ipywidgets);
preload.activate();
window.vscIPyWidgets8.load();

const serverSettings = ServerConnection.makeSettings({
  baseUrl: config.server,
  wsUrl: config.server.replace(/^http/, "ws"),
  token: "",
});
const kernelManager = new KernelManager({ serverSettings });
const kernel = await kernelManager.startNew({ name: "python3" });
const manager = new window.vscIPyWidgets.WidgetManager(kernel, undefined, scriptLoader, logger, undefined);

/** Run code on the kernel; resolves to {out, err, widgets: [widget-view data]}. */
async function execute(code) {
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "";
  let err = "";
  const widgets = [];
  future.onIOPub = (msg) => {
    const type = msg.header.msg_type;
    if (type === "stream") out += msg.content.text;
    else if (type === "error") err += `${msg.content.ename}: ${msg.content.evalue}`;
    else if (type === "display_data" || type === "execute_result") {
      const data = msg.content.data["application/vnd.jupyter.widget-view+json"];
      if (data) widgets.push(data);
    }
  };
  await future.done;
  return { out, err, widgets };
}

async function renderWidget(data, container) {
  if (data.version_major !== 2) throw new Error(`widget-view version ${data.version_major}`);
  const background = document.createElement("div");
  background.className = "cell-output-ipywidget-background";
  const output = document.createElement("div");
  output.className = "cell-output cell-output";
  background.append(output);
  container.append(background);
  const model = await manager.get_model(data.model_id);
  const view = await manager.create_view(model, { el: background });
  return manager.display_view(data, view, { node: background });
}

/** A code cell: run it, render its widget outputs in a new output container. */
async function runCell(code) {
  const result = await execute(code);
  const cell = document.createElement("div");
  cell.className = "cell-output-container";
  document.getElementById("outputs").append(cell);
  for (const data of result.widgets) await renderWidget(data, cell);
  return { ...result, widgets: result.widgets.length };
}

window.vscodeHost = { runCell, execute, log, loadErrors, kernel };
// lab.run_python's kernel on pages without a JupyterLab shell.
window.crescentKernel = kernel;
document.body.dataset.ready = "true";
