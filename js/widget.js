// Entry point of the Crescent widget front end (anywidget ES module).
// render() draws one view of the model; several views of one widget stay in sync
// because each redraws from the model on every change.

import { createBoard, formatClock, updateBoard } from "./board.js";
import { attachInput } from "./input.js";

const STATE_KEYS = [
  "code", "piles", "foundations", "reshuffles_left", "reshuffle_label", "move_count", "can_undo",
  "status", "message", "selected", "targets", "elapsed", "clock_running", "lang", "labels",
  "show_labels", "rev",
];
const CLOCK_TICK_MS = 500;
const COPIED_MS = 1500;

function readState(model) {
  const state = {};
  for (const key of STATE_KEYS) state[key] = model.get(key);
  state.labels = state.labels || {};
  state.targets = state.targets || {};
  state.piles = state.piles || [];
  state.foundations = state.foundations || [];
  return state;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "crescent-widget";
  // Let keys reach the game and keep JupyterLab's context menu off the board.
  root.setAttribute("data-lm-suppress-shortcuts", "");
  root.setAttribute("data-jp-suppress-context-menu", "");
  el.append(root);
  const view = createBoard(root);

  const send = (type, fields = {}) => model.send({ type, rev: model.get("rev"), ...fields });
  const input = attachInput(view, model, send);

  // The clock: Python publishes seconds played at each update; between updates the
  // view counts on from its own receipt time.
  let clockBase = 0;
  let clockFrom = performance.now();
  let clockRunning = false;
  const showClock = () => {
    const seconds = clockBase + (clockRunning ? (performance.now() - clockFrom) / 1000 : 0);
    const text = `${model.get("labels")?.time ?? ""} ${formatClock(seconds)}`.trim();
    if (view.clock.textContent !== text) view.clock.textContent = text;
  };
  const timer = setInterval(showClock, CLOCK_TICK_MS);

  const update = () => {
    const state = readState(model);
    root.lang = state.lang || "pl";
    root.dataset.rev = String(state.rev);
    clockBase = Number(state.elapsed) || 0;
    clockFrom = performance.now();
    clockRunning = Boolean(state.clock_running);
    updateBoard(view, state);
    showClock();
    input.onStateChange();
  };
  model.on("change", update);
  update();

  const b = view.buttons;
  const controller = new AbortController();
  const on = (target, handler) => target.addEventListener("click", handler, { signal: controller.signal });
  const action = (type) => () => {
    input.forgetTap();
    send(type);
  };
  on(b.reshuffle, action("reshuffle"));
  on(b.undo, action("undo"));
  on(b.newGame, action("new_game"));
  on(b.bannerUndo, action("undo"));
  on(b.bannerNew, action("new_game"));
  let copiedTimer = null;
  on(view.copy, () => {
    const code = model.get("code");
    if (!code) return;
    const done = () => {
      view.copy.textContent = model.get("labels")?.copied ?? "";
      clearTimeout(copiedTimer);
      copiedTimer = setTimeout(() => {
        view.copy.textContent = model.get("labels")?.copy ?? "";
      }, COPIED_MS);
    };
    const selectCode = () => {
      // Without clipboard permission, select the code so Ctrl+C copies it.
      const range = document.createRange();
      range.selectNodeContents(view.codeValue);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
    };
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(code).then(done, selectCode);
    else selectCode();
  });

  return () => {
    model.off("change", update);
    clearInterval(timer);
    clearTimeout(copiedTimer);
    controller.abort();
    input.cleanup();
    root.remove();
    root.replaceChildren(); // drop the DOM (and its references) along with the view
  };
}

export default { render };
