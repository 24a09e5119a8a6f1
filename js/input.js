// Pointer input: tap, double tap and drag, for mouse, touch and pen alike (keys are in
// keys.js). The front end never decides legality: it sends intents quoting the state
// revision they were made against, and only uses Python's published targets to light
// places up (a drag lights every legal destination, as a selection does).

import { placeOf, rootNode, slotOf } from "./board.js";
import { cardIn, dropGhost, snapBack } from "./cards.js";
import { inReplay } from "./state.js";

const DRAG_THRESHOLD_PX = 6;
const DOUBLE_TAP_MS = 350;
// How long an intent may stay unanswered before the next one goes out regardless.
const ANSWER_WAIT_MS = 1000;
const SNAP_BACK_MS = 180;
/** @type {GhostKeeper} */
const NO_MOTION = { holdGhost: dropGhost };

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").Model} Model */
/** @typedef {{ghost: HTMLElement, card: HTMLElement}} Drag */
/** @typedef {{slot: HTMLElement, place: string, pointerId: number, x: number, y: number, drag: Drag | null}} Press */
/** @typedef {{holdGhost(ghost: HTMLElement, card: HTMLElement, src: string): void}} GhostKeeper */

/**
 * The destinations Python published for the card on `place`.
 * @param {Model} model
 * @param {string} place
 * @returns {string[]}
 */
function targetsOf(model, place) {
  return model.get("targets")?.[place] || [];
}

/**
 * Whether a drop on `dst` ("F": anywhere on the foundations) is among `targets`; Python
 * judges it either way.
 * @param {string[]} targets
 * @param {string} dst
 */
export function looksLegal(targets, dst) {
  return dst === "F" ? targets.some((t) => t[0] === "F") : targets.includes(dst);
}

/**
 * The identity of the card on top of a pile ("" for a foundation or an empty pile).
 * @param {Model} model
 * @param {string} place
 * @returns {string}
 */
function topOf(model, place) {
  const entry = place[0] === "F" ? null : (model.get("piles") || [])[Number(place) - 1];
  return Array.isArray(entry) ? entry[0] : "";
}

/**
 * An intent made while an earlier one is unanswered would quote a revision Python is
 * about to leave, and be dropped as stale: it waits for the answer, then goes out.
 * @param {Model} model
 * @param {(type: string, fields?: Record<string, unknown>) => void} send
 */
function createSender(model, send) {
  /** @type {{rev: number, expires: number} | null} */
  let waiting = null;
  /** @type {(() => void) | null} sent once the answer is in */
  let queued = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let queueTimer;
  const inFlight = () => waiting && model.get("rev") === waiting.rev && performance.now() < waiting.expires;
  /** @param {string} type @param {Record<string, unknown>} fields */
  function sendNow(type, fields) {
    waiting = { rev: model.get("rev"), expires: performance.now() + ANSWER_WAIT_MS };
    send(type, fields);
  }
  function flush() {
    if (queued && !inFlight()) {
      const go = queued;
      queued = null;
      go();
    }
  }
  return {
    /** @param {string} type @param {Record<string, unknown>} fields */
    send(type, fields) {
      if (!inFlight() || !waiting) {
        queued = null;
        sendNow(type, fields);
      } else {
        queued = () => sendNow(type, fields);
        clearTimeout(queueTimer);
        queueTimer = setTimeout(flush, Math.max(0, waiting.expires - performance.now()) + 1);
      }
    },
    flush,
    drop() {
      queued = null;
    },
    cleanup: () => clearTimeout(queueTimer),
  };
}

/**
 * Taps and double taps. A tap goes out at once (no waiting to see if a second one
 * follows), so a lone tap costs one round trip. A second tap on the same place soon after
 * is a double tap (send the card home) only if it is aimed at the same card and the first
 * one selected it. If the first tap moved the card away, the second is aimed at the card
 * now on top: an ordinary tap. The card is told by its identity, read when the second tap
 * lands and again when the first tap's answer arrives.
 * @param {Model} model
 * @param {ReturnType<typeof createSender>} sender
 */
function createTaps(model, sender) {
  /** @type {{place: string, time: number, rev: number, card: string} | null} */
  let lastTap = null;
  /** @type {{place: string, card: string, rev: number, expires: number} | null} */
  let pendingDouble = null;

  function resolveDouble() {
    if (!pendingDouble) return;
    const { place, card, rev, expires } = pendingDouble;
    if (model.get("rev") === rev && performance.now() < expires) return; // the first tap's answer is not here yet
    pendingDouble = null;
    // Selected by the first tap and still the same card: send it home. Anything else
    // (the card moved, or the tap was refused) makes this tap a tap of its own, which
    // plays, selects, or says why not.
    const same = model.get("selected") === place && topOf(model, place) === card;
    sender.send(same ? "double_tap" : "tap", { pile: place });
  }

  return {
    /** @param {string} place */
    tap(place) {
      const now = performance.now();
      const card = topOf(model, place);
      if (lastTap && lastTap.place === place && now - lastTap.time < DOUBLE_TAP_MS && lastTap.card === card) {
        pendingDouble = { place, card, rev: lastTap.rev, expires: now + ANSWER_WAIT_MS };
        lastTap = null;
        resolveDouble();
        return;
      }
      pendingDouble = null;
      lastTap = { place, time: now, rev: model.get("rev"), card };
      sender.send("tap", { pile: place });
    },
    resolveDouble,
    /** A drag between two taps: they are not a double tap. */
    forgetLast() {
      lastTap = null;
    },
    forget() {
      lastTap = null;
      pendingDouble = null;
    },
  };
}

/**
 * Light up (or down) the legal destinations of the card on `place`.
 * @param {View} view
 * @param {Model} model
 * @param {string} place
 * @param {boolean} on
 */
function lightTargets(view, model, place, on) {
  const targets = targetsOf(model, place);
  for (const name of targets) slotOf(view, name)?.classList.toggle("cw-drop-target", on);
  view.foundationArea.classList.toggle("cw-drop-target", on && targets.some((t) => t[0] === "F"));
}

/**
 * Lift a ghost of the pressed card; false if there is no card to drag.
 * @param {View} view
 * @param {Model} model
 * @param {Press} p
 */
function startDrag(view, model, p) {
  const card = cardIn(p.slot);
  if (!card) return false;
  const rootBox = view.root.getBoundingClientRect();
  const box = card.getBoundingClientRect();
  const ghost = /** @type {HTMLElement} */ (card.cloneNode(true));
  // The ghost is decoration: keep it out of the data-card hooks and of hit testing.
  delete ghost.dataset.card;
  ghost.removeAttribute("aria-label");
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.add("cw-ghost");
  // Absolute inside the root rather than fixed: JupyterLab panels use CSS containment,
  // which would make "fixed" relative to a panel, not the viewport.
  ghost.style.left = `${box.left - rootBox.left}px`;
  ghost.style.top = `${box.top - rootBox.top}px`;
  ghost.style.width = `${box.width}px`;
  ghost.style.height = `${box.height}px`;
  view.root.append(ghost);
  card.classList.add("cw-dragging");
  p.drag = { ghost, card };
  lightTargets(view, model, p.place, true);
  return true;
}

/**
 * Let go of a drag: back to its pile, or handed to `motion` to fly on from there.
 * @param {View} view
 * @param {Model} model
 * @param {GhostKeeper} motion
 * @param {Press & {drag: Drag}} p
 * @param {boolean} back  to its pile (no drop, or one that looks illegal)
 */
function endDrag(view, model, motion, p, back) {
  const { ghost, card } = p.drag;
  lightTargets(view, model, p.place, false);
  if (back) snapBack(ghost, SNAP_BACK_MS, card);
  else motion.holdGhost(ghost, card, p.place);
}

/**
 * The place under the pointer: a pile's name, "F" for anywhere on the foundations, or null.
 * @param {View} view
 * @param {number} x
 * @param {number} y
 * @returns {string | null}
 */
function dropPlace(view, x, y) {
  const hit = rootNode(view).elementFromPoint(x, y);
  if (!hit || !view.root.contains(hit)) return null;
  /** @type {HTMLElement | null} */
  const pileEl = hit.closest("[data-pile]");
  if (pileEl) return pileEl.dataset.pile ?? null;
  // Anywhere on the foundation area means "the foundation of this suit that accepts it".
  if (hit.closest("[data-foundation-area]")) return "F";
  return null;
}

/**
 * Wire pointer input on `view` (from createBoard). `send(type, fields)` posts an intent;
 * `onPress(place)` hears of every press on a place (keyboard focus follows the pointer);
 * `motion` (motion.js) takes over the ghost of a drop that looks legal, so the card flies
 * on from where it was let go. Returns the hooks widget.js calls, cleanup included.
 * @param {View} view
 * @param {Model} model
 * @param {(type: string, fields?: Record<string, unknown>) => void} send
 * @param {(place: string) => void} onPress
 * @param {GhostKeeper} motion
 */
export function attachInput(view, model, send, onPress = () => {}, motion = NO_MOTION) {
  const controller = new AbortController();
  const opts = { signal: controller.signal };
  const sender = createSender(model, send);
  const taps = createTaps(model, sender);
  /** @type {Press | null} */
  let press = null;

  /** @param {PointerEvent} e */
  function onDown(e) {
    if (e.button !== 0 || press) return;
    /** @type {HTMLElement | null | undefined} */
    const slotEl = /** @type {Element} */ (e.target).closest(".cw-slot");
    if (!slotEl || !view.board.contains(slotEl)) return;
    // A replay owns the board: nothing to tap or drag until it ends.
    if (inReplay(model.get("replay_state"))) return;
    const place = /** @type {string} */ (placeOf(slotEl));
    onPress(place);
    slotEl.setPointerCapture(e.pointerId);
    press = { slot: slotEl, place, pointerId: e.pointerId, x: e.clientX, y: e.clientY, drag: null };
    e.preventDefault();
  }

  /** @param {PointerEvent} e */
  function onMove(e) {
    const p = press;
    if (!p || e.pointerId !== p.pointerId) return;
    const dx = e.clientX - p.x;
    const dy = e.clientY - p.y;
    if (!p.drag && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    if (!p.drag && !startDrag(view, model, p)) return;
    if (p.drag) p.drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
  }

  /** @param {PointerEvent} e */
  function onUp(e) {
    const p = press;
    if (!p || e.pointerId !== p.pointerId) return;
    press = null;
    if (!p.drag) {
      taps.tap(p.place);
      return;
    }
    const dragged = /** @type {Press & {drag: Drag}} */ (p);
    const dst = dropPlace(view, e.clientX, e.clientY);
    if (dst === null || dst === p.place) {
      endDrag(view, model, motion, dragged, true);
      return;
    }
    // Python judges the drop either way; an unlit destination snaps back at once and
    // Python's reason appears in the status area.
    endDrag(view, model, motion, dragged, !looksLegal(targetsOf(model, p.place), dst));
    taps.forgetLast();
    sender.send("drop", { src: p.place, dst });
  }

  /** @param {PointerEvent} e */
  function onCancel(e) {
    const p = press;
    if (!p || e.pointerId !== p.pointerId) return;
    press = null;
    if (p.drag) endDrag(view, model, motion, /** @type {Press & {drag: Drag}} */ (p), true);
  }

  view.board.addEventListener("pointerdown", onDown, opts);
  view.board.addEventListener("pointermove", onMove, opts);
  view.board.addEventListener("pointerup", onUp, opts);
  view.board.addEventListener("pointercancel", onCancel, opts);

  return {
    onStateChange() {
      taps.resolveDouble();
      sender.flush();
    },
    // Another action (a button) between two taps means they are not a double tap.
    forgetTap() {
      taps.forget();
      sender.drop();
    },
    cleanup() {
      controller.abort();
      sender.cleanup();
      if (press?.drag) press.drag.ghost.remove();
      press = null;
    },
  };
}
