// Keyboard play. The root takes key presses from anything inside it (JupyterLab's own
// shortcuts are suppressed there); arrow keys move a roving focus around the horseshoe
// and the foundations, other keys send the same intents as the pointer and buttons.

import { placeCell, placeOf, rootNode, slotOf } from "./board.js";
import { inReplay } from "./state.js";

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").Model} Model */
/** @typedef {"ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight"} Arrow */

const PLACES = [
  ...Array.from({ length: 16 }, (_, i) => String(i + 1)),
  ...Array.from({ length: 8 }, (_, i) => `F${i + 1}`),
];
/** @type {Record<Arrow, [number, number]>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * The place an arrow key leads to from `from`: nearest in that direction, straight lines first.
 * @param {string} from
 * @param {Arrow} key
 * @returns {string | null}
 */
export function neighbour(from, key) {
  const [dr, dc] = ARROWS[key];
  const [r, c] = placeCell(from);
  let best = null;
  let bestScore = Infinity;
  for (const place of PLACES) {
    const [pr, pc] = placeCell(place);
    const along = (pr - r) * dr + (pc - c) * dc;
    if (place === from || along <= 0) continue;
    const score = along + 2 * Math.abs(dr ? pc - c : pr - r);
    if (score < bestScore) {
      best = place;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Wire the keys on `view` (from createBoard). `send(type, fields)` posts an intent;
 * `ui.toggleHelp()` opens or closes the key list, `ui.toggleStats()` the statistics, `ui.helpOpen()` tells whether a panel is
 * open and `ui.closePanel()` closes it, `ui.finish()` starts Finish. Returns
 * {setCurrent, onStateChange, cleanup}.
 * @param {View} view
 * @param {Model} model
 * @param {(type: string, fields?: Record<string, unknown>) => void} send
 * @param {{toggleHelp(): void, toggleStats(): void, helpOpen(): boolean, closePanel(): void, finish(): void}} ui
 */
export function attachKeys(view, model, send, ui) {
  const controller = new AbortController();
  let current = "1"; // the one slot in the tab order (a roving tabindex)
  /** @type {HTMLElement[]} */
  let previewed = [];
  const activeElement = () => rootNode(view).activeElement;

  /**
   * @param {string} place
   * @param {boolean} focus
   */
  function setCurrent(place, focus) {
    const next = slotOf(view, place);
    if (!next) return;
    slotOf(view, current)?.setAttribute("tabindex", "-1");
    current = place;
    next.setAttribute("tabindex", "0");
    if (focus) next.focus({ preventScroll: false });
  }
  setCurrent(current, false);

  // Teaching mode: the focused card's legal destinations light up before any key is pressed.
  function preview() {
    for (const el of previewed) el.classList.remove("cw-preview", "cw-preview-src");
    previewed = [];
    const active = activeElement();
    const focused = placeOf(active?.closest?.(".cw-slot"));
    if (!model.get("teach") || !focused || !view.root.contains(active) || model.get("selected")) return;
    const destinations = model.get("targets")?.[focused] || [];
    const source = slotOf(view, focused);
    if (destinations.length && source) {
      source.classList.add("cw-preview-src");
      previewed.push(source);
    }
    for (const name of destinations) {
      const el = slotOf(view, name);
      if (el) {
        el.classList.add("cw-preview");
        previewed.push(el);
      }
    }
  }

  const replaying = () => inReplay(model.get("replay_state"));
  /**
   * @param {HTMLButtonElement} buttonEl
   * @param {string} type
   */
  const press = (buttonEl, type) => {
    if (!buttonEl.disabled) send(type);
  };

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    const target = /** @type {Element} */ (e.target);
    // A settings control keeps its own keys; Escape still closes its panel.
    if (target.closest?.("select, input") && e.key !== "Escape") return;
    const slotEl = target.closest?.(".cw-slot");
    const onButton = Boolean(target.closest?.("button"));
    const b = view.buttons;
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    let handled = true;
    if (key in ARROWS) {
      const from = placeOf(slotEl);
      setCurrent(from ? (neighbour(from, /** @type {Arrow} */ (key)) ?? from) : current, true);
    } else if (key === "Enter" || key === " ") {
      if (slotEl && !onButton) send("tap", { pile: placeOf(slotEl) });
      else handled = false; // a button clicks itself
    } else if (key === "f") {
      if (slotEl) send("double_tap", { pile: placeOf(slotEl) });
    } else if (key === "r") press(b.reshuffle, "reshuffle");
    else if (key === "u") press(b.undo, "undo");
    else if (key === "y") press(b.redo, "redo");
    else if (key === "h") press(b.hint, "hint");
    // Dokończ / Finish, when offered.
    else if (key === "d") ui.finish();
    else if (key === "n") send("new_game");
    else if (key === "?") ui.toggleHelp();
    else if (key === "s") ui.toggleStats();
    else if (key === "[" && replaying()) press(b.replayPrev, "replay_prev");
    else if (key === "]" && replaying()) press(b.replayNext, "replay_next");
    else if (key === "p" && replaying()) send("replay_play");
    else if (key === "Escape") {
      if (ui.helpOpen()) ui.closePanel();
      else if (model.get("pending_move")) send("cancel");
      else if (model.get("search")) send("cancel_search");
      else if (model.get("selected")) send("deselect");
      else handled = false;
    } else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  const opts = { signal: controller.signal };
  view.root.addEventListener("keydown", onKey, opts);
  view.root.addEventListener(
    "focusin",
    (e) => {
      const place = placeOf(/** @type {Element} */ (e.target).closest?.(".cw-slot"));
      if (place && place !== current) setCurrent(place, false);
      preview();
    },
    opts,
  );
  view.root.addEventListener("focusout", () => setTimeout(preview, 0), opts);

  return {
    setCurrent,
    /** Keep focus sensible when the warning appears or goes, and refresh the preview. */
    before() {
      return { pending: model.get("pending_move"), inWarning: view.warning.contains(activeElement()) };
    },
    /** @param {{pending: string, inWarning: boolean}} before what before() saw */
    onStateChange(before) {
      const pending = model.get("pending_move");
      if (pending && !before.pending && view.root.contains(activeElement())) view.buttons.cancel.focus();
      else if (!pending && before.inWarning) setCurrent(current, true);
      preview();
    },
    cleanup() {
      controller.abort();
    },
  };
}
