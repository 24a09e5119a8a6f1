// Python in an app page: Pyodide from the site's own folder (app/pyodide/), with the progress of
// its downloads, and the board's model: what anywidget gives a widget's front end (get, set, on,
// off, send, save_changes), backed by host.py's board in Pyodide instead of a kernel.
//
// Every download of Pyodide goes through fetch; while Python loads, the page's fetch counts the
// bytes of each answer as they arrive (real progress) and fetches the WebAssembly runtime
// compressed (pyodide.asm.wasm.gz, unpacked as it streams in): a static host need not compress
// anything for the first visit to stay small.

/**
 * @typedef {object} Progress
 * @property {number} bytes  arrived so far
 * @property {number} files  answers complete
 */

/**
 * A stream that tells `seen` the size of each chunk as it passes.
 * @param {ReadableStream<Uint8Array>} body
 * @param {(size: number) => void} seen
 * @param {() => void} ended
 */
function counted(body, seen, ended) {
  return body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        seen(chunk.byteLength);
        controller.enqueue(chunk);
      },
      flush() {
        ended();
      },
    }),
  );
}

/**
 * `body` unpacked if it is gzip (a host may have unpacked it already, as for any .gz it
 * serves with Content-Encoding).
 * @param {ReadableStream<Uint8Array>} body
 */
async function gunzipped(body) {
  const reader = body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array();
  const whole = new ReadableStream({
    start(controller) {
      if (!first.done) controller.enqueue(head);
      else controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const isGzip = head[0] === 0x1f && head[1] === 0x8b;
  return isGzip ? whole.pipeThrough(new DecompressionStream("gzip")) : whole;
}

/**
 * Load Pyodide from `base` (with its lock file's packages) while reporting progress.
 * @param {string} base  the folder's URL, ending in /
 * @param {string[]} packages
 * @param {(progress: Progress) => void} onProgress
 */
export async function loadPython(base, packages, onProgress) {
  const realFetch = globalThis.fetch;
  const progress = { bytes: 0, files: 0 };
  const seen = (/** @type {number} */ size) => {
    progress.bytes += size;
    onProgress({ ...progress });
  };
  const ended = () => {
    progress.files += 1;
    onProgress({ ...progress });
  };
  /** @type {typeof fetch} */
  const countingFetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith("/pyodide.asm.wasm")) {
      const response = await realFetch(`${url}.gz`);
      if (!response.ok || !response.body) throw new Error(`${url}.gz: ${response.status}`);
      const body = await gunzipped(counted(response.body, seen, ended));
      return new Response(body, { headers: { "Content-Type": "application/wasm" } });
    }
    const response = await realFetch(input, init);
    if (!response.body) return response;
    const { status, statusText, headers } = response;
    return new Response(counted(response.body, seen, ended), { status, statusText, headers });
  };
  globalThis.fetch = countingFetch;
  try {
    const { loadPyodide } = await import(`${base}pyodide.mjs`);
    return await loadPyodide({ indexURL: base, packages, stdout: () => {}, stderr: console.warn });
  } finally {
    globalThis.fetch = realFetch;
  }
}

/**
 * @typedef {object} PythonBoard  host.py's PageBoard, as Pyodide hands it over
 * @property {(text: string) => void} message
 * @property {(text: string) => void} update
 */

/**
 * The board's model: the state host.py sends, the board's messages to it.
 * @returns {import("../../js/state.js").Model & {
 *   connect(board: PythonBoard): void,
 *   receiveState(text: string): void,
 *   receiveMessage(text: string): void,
 * }}
 */
export function createModel() {
  /** @type {Record<string, unknown>} */
  const state = {};
  /** @type {Record<string, unknown>} */
  let pending = {};
  /** @type {Map<string, Set<(...args: any[]) => void>>} */
  const handlers = new Map();
  /** @type {PythonBoard | null} */
  let board = null;
  let delivering = 0;
  /** @type {(() => void)[]} */
  const queued = [];

  /** @param {string} event @param {unknown[]} args */
  const emit = (event, ...args) => {
    for (const handler of [...(handlers.get(event) ?? [])]) handler(...args);
  };
  // A call to Python made while a state is being delivered waits until it is: Python is still
  // inside the call that sent it.
  /** @param {() => void} call */
  const toPython = (call) => {
    if (delivering) queued.push(call);
    else call();
  };
  /** @param {() => void} deliver */
  const delivered = (deliver) => {
    delivering += 1;
    try {
      deliver();
    } finally {
      delivering -= 1;
    }
    if (!delivering) for (const call of queued.splice(0)) call();
  };

  const model = {
    /** @param {string} key */
    get: (key) => state[key],
    /** @param {string} key @param {unknown} value */
    set(key, value) {
      state[key] = value;
      pending[key] = value;
      emit(`change:${key}`, model, value);
      emit("change", model);
    },
    save_changes() {
      const changes = pending;
      pending = {};
      if (Object.keys(changes).length) toPython(() => board?.update(JSON.stringify(changes)));
    },
    /** @param {Record<string, unknown>} content */
    send(content) {
      toPython(() => board?.message(JSON.stringify(content)));
    },
    /** @param {string} event @param {(...args: any[]) => void} handler */
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(handler);
    },
    /** @param {string} event @param {(...args: any[]) => void} handler */
    off(event, handler) {
      handlers.get(event)?.delete(handler);
    },
    /** @param {PythonBoard} pythonBoard */
    connect(pythonBoard) {
      board = pythonBoard;
    },
    /** The whole state from Python: each trait that changed tells its listeners, then "change" once. */
    receiveState(/** @type {string} */ text) {
      const next = JSON.parse(text);
      delivered(() => {
        const changed = Object.keys(next).filter((key) => JSON.stringify(state[key]) !== JSON.stringify(next[key]));
        for (const key of changed) state[key] = next[key];
        for (const key of changed) emit(`change:${key}`, model, next[key]);
        if (changed.length) emit("change", model);
      });
    },
    /** A message from Python to the board (the clock). */
    receiveMessage(/** @type {string} */ text) {
      const message = JSON.parse(text);
      delivered(() => emit("msg:custom", message, []));
    },
  };
  return model;
}
