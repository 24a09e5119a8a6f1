// Feedback where the eye is. The head (toolbar and message line) stays at the top edge of
// the pane the notebook scrolls in while the board is taller than that pane (JupyterLab's
// output areas clip overflow, so CSS sticky would stick to the wrong box: the head is
// moved by a transform, which moves nothing else). When the head is out of sight
// otherwise, the line's answer to a tap shows beside the card too, and a refused tap
// shakes its card (not under reduced motion). The message line keeps room for whole
// lines: one from the start, and as many as its longest text needed at this width.

import { slotOf } from "./board.js";
import { element, setText } from "./dom.js";

const TIP_MS = 4000;
const SHAKE_MS = 320;
const LINE_EM = 1.45; // the line's line-height (widget.css)

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").State} State */

/**
 * The box of the pane `el` scrolls in (its nearest ancestor that scrolls vertically), or
 * the window's.
 * @param {HTMLElement} el
 * @returns {{pane: HTMLElement | null, top: number, bottom: number}}
 */
function paneBox(el) {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (p.scrollHeight <= p.clientHeight + 1) continue;
    const overflow = getComputedStyle(p).overflowY;
    if (overflow === "auto" || overflow === "scroll") {
      const box = p.getBoundingClientRect();
      return { pane: p, top: Math.max(box.top, 0), bottom: Math.min(box.bottom, window.innerHeight) };
    }
  }
  return { pane: null, top: 0, bottom: window.innerHeight };
}

/** @returns {boolean} */
function reducedMotion() {
  return Boolean(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
}

/**
 * The message line's room in whole lines: what its text needs now, at least `least` (one in
 * free play; none in a lesson or a replay, until something is said), and no fewer than it has
 * needed since `stage`
 * (the lesson, deal or replay) and the width last changed, so that a message coming or
 * going does not move the cards between two taps.
 * @param {HTMLElement} line
 * @param {string} stage
 * @param {number} [least]
 */
export function keepLineRoom(line, stage, least = 1) {
  // A search's progress takes the line for a moment only: the room kept is for what is said.
  const searching = line.querySelector(".cw-search:not([hidden])") !== null;
  const shown = [...line.children].filter((part) => part instanceof HTMLElement && !part.hidden);
  const text = searching ? "" : shown.map((part) => part.textContent).join("\n");
  const same = line.dataset.stage === stage && line.dataset.least === String(least);
  if (same && line.dataset.text === text) return; // nothing to measure
  const kept = same ? Number(line.dataset.lines) : least;
  line.dataset.stage = stage;
  line.dataset.least = String(least);
  line.dataset.text = text;
  line.style.minHeight = "0px"; // its text's own height, measured once per text
  const needs = text ? Math.round(line.clientHeight / lineHeight(line)) : 0;
  setLines(line, Math.max(kept, needs, least));
}

/** @param {HTMLElement} line */
function lineHeight(line) {
  return Number.parseFloat(getComputedStyle(line).fontSize) * LINE_EM || 19;
}

/**
 * @param {HTMLElement} line
 * @param {number} lines
 */
function setLines(line, lines) {
  line.dataset.lines = String(lines);
  line.style.minHeight = lines ? `calc(${lines * LINE_EM}em + 4px)` : "0px";
}

/**
 * Wire the head's place, the tip and the shake on `view`. `attempted(place)` is told of
 * every intent aimed at a place (a tap, a double tap, a drop's card); `answer(state)` runs
 * after each update. Returns them and the clean-up.
 * @param {View} view
 */
export function attachFeedback(view) {
  const controller = new AbortController();
  const opts = { signal: controller.signal, passive: true, capture: true };
  const tip = element("div", "cw-tip", { "aria-hidden": "true" });
  tip.hidden = true;
  view.board.parentElement?.append(tip);
  /** @type {{place: string} | null} */
  let attempt = null;
  let announced = -1;
  let offset = 0;
  let frame = 0;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let tipTimer;

  const hideTip = () => {
    clearTimeout(tipTimer);
    tip.hidden = true;
  };

  // The head follows the pane's top edge while the board cannot show whole in the pane.
  function place() {
    frame = 0;
    const head = view.head;
    const { top, bottom } = paneBox(view.root);
    const board = view.board.getBoundingClientRect();
    const natural = head.getBoundingClientRect().top - offset;
    const room = board.bottom - head.offsetHeight - natural; // it never goes past the board
    const wanted = board.height > bottom - top ? Math.min(Math.max(top - natural, 0), Math.max(room, 0)) : 0;
    if (Math.abs(wanted - offset) < 0.5) return;
    offset = wanted;
    head.style.transform = offset ? `translateY(${offset}px)` : "";
    head.classList.toggle("cw-stuck", offset > 0);
  }
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(place);
  };
  document.addEventListener("scroll", schedule, opts);
  window.addEventListener("resize", schedule, opts);

  // A resize of the board (the pane, the window, a panel closing) measures the line afresh.
  let width = 0;
  const resized = new ResizeObserver(() => {
    const now = view.root.clientWidth;
    if (now === width) return;
    width = now;
    const line = view.messages;
    const least = Number(line.dataset.least ?? 1);
    delete line.dataset.stage; // keepLineRoom starts over: its least, or what the text needs now
    keepLineRoom(line, "", least);
    schedule();
  });
  resized.observe(view.root);
  view.root.addEventListener("pointerdown", hideTip, { signal: controller.signal });

  /** Whether the whole message line shows in the pane. */
  function lineInSight() {
    const { top, bottom } = paneBox(view.root);
    const box = view.messages.getBoundingClientRect();
    return box.top >= top - 1 && box.bottom <= bottom + 1;
  }

  /**
   * @param {HTMLElement} slot
   * @param {string} text
   */
  function showTip(slot, text) {
    setText(tip, text);
    tip.hidden = false;
    const stage = /** @type {HTMLElement} */ (tip.parentElement).getBoundingClientRect();
    const box = slot.getBoundingClientRect();
    const below = box.top - stage.top < stage.height / 2;
    const width = tip.offsetWidth;
    const left = Math.min(Math.max(box.left + box.width / 2 - stage.left - width / 2, 4), stage.width - width - 4);
    tip.style.left = `${left}px`;
    tip.style.top = below ? `${box.bottom - stage.top + 6}px` : "";
    tip.style.bottom = below ? "" : `${stage.bottom - box.top + 6}px`;
    clearTimeout(tipTimer);
    tipTimer = setTimeout(hideTip, TIP_MS);
  }

  return {
    /**
     * An intent aimed at `place` went out (before its answer came).
     * @param {string} where
     */
    attempted(where) {
      attempt = { place: where };
    },
    /**
     * @param {State} state
     * @param {number} announceId +1 with every answer Python gives (the announcement's id)
     */
    answer(state, announceId) {
      const fresh = announceId !== announced;
      announced = announceId;
      schedule();
      if (!fresh || !attempt) return;
      const slot = slotOf(view, attempt.place);
      attempt = null;
      if (!slot) return;
      if (state.message && !reducedMotion()) {
        slot.animate?.(
          [
            { transform: "translateX(0)" },
            { transform: "translateX(-5px)" },
            { transform: "translateX(5px)" },
            { transform: "translateX(-3px)" },
            { transform: "translateX(0)" },
          ],
          SHAKE_MS,
        );
      }
      const said = state.message || state.note;
      if (said && !lineInSight()) showTip(slot, said);
      else hideTip();
    },
    cleanup() {
      controller.abort();
      resized.disconnect();
      cancelAnimationFrame(frame);
      hideTip();
      tip.remove();
    },
  };
}
