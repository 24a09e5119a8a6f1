// Pointer input: tap, double tap and drag, for mouse, touch and pen alike (keys are in
// keys.js). The front end never decides legality: it sends intents quoting the state
// revision they were made against, and only uses Python's published targets to light
// places up (a drag lights every legal destination, as a selection does).

import { placeOf, rootNode, slotOf } from "./board.js";
import { cardIn, dropGhost, snapBack } from "./cards.js";
import { inReplay } from "./state.js";

const DRAG_THRESHOLD_PX = 6;
export const DOUBLE_TAP_MS = 350;
// How long an intent may stay unanswered before the next one goes out regardless. Every
// intent the board sends is answered (a refusal too), or dropped as stale because the state
// changed, whose update is then on its way: the wait ends with that update, long before this.
// Sent earlier, the next intent would quote the revision Python is leaving, and be lost.
export const ANSWER_WAIT_MS = 5000;
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
 * The identity of the card on top of a place ("" for an empty pile).
 * @param {Model} model
 * @param {string} place
 * @returns {string}
 */
function topOf(model, place) {
  const entry =
    place[0] === "F"
      ? (model.get("foundations") || [])[Number(place.slice(1)) - 1]
      : (model.get("piles") || [])[Number(place) - 1];
  return Array.isArray(entry) ? entry[0] : "";
}

/**
 * An intent made while an earlier one is unanswered would quote a revision Python is
 * about to leave, and be dropped as stale: it waits in line for the answer, then goes out.
 * Nothing is dropped from the line but by `drop()` (another action of the player's).
 * @param {Model} model
 * @param {(type: string, fields?: Record<string, unknown>) => void} send
 * @param {() => number} [now] the clock, in ms (tests pass their own)
 */
export function createSender(model, send, now = () => performance.now()) {
  /** @type {{rev: number, expires: number} | null} */
  let waiting = null;
  /** @type {[string, Record<string, unknown>][]} each sent once the answer before it is in */
  const queue = [];
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let queueTimer;
  const inFlight = () => waiting && model.get("rev") === waiting.rev && now() < waiting.expires;
  function flush() {
    clearTimeout(queueTimer);
    while (queue.length && !inFlight()) {
      const [type, fields] = /** @type {[string, Record<string, unknown>]} */ (queue.shift());
      waiting = { rev: model.get("rev"), expires: now() + ANSWER_WAIT_MS };
      send(type, fields);
    }
    if (queue.length && waiting) queueTimer = setTimeout(flush, Math.max(0, waiting.expires - now()) + 1);
  }
  return {
    /** @param {string} type @param {Record<string, unknown>} fields */
    send(type, fields) {
      queue.push([type, fields]);
      flush();
    },
    flush,
    drop() {
      queue.length = 0;
    },
    cleanup: () => clearTimeout(queueTimer),
  };
}

/**
 * Taps and double taps. A tap goes out at once (no waiting to see if a second one
 * follows), so a lone tap costs one round trip. Two taps on one place less than
 * DOUBLE_TAP_MS apart are one gesture: the card tapped first moves once. The second tap
 * waits for the first one's answer, then goes out as a double tap (home, if the card can
 * go home) only if that card is still there and can move: the first tap selected it (or
 * deselected it). If the first tap moved the card, was refused, or put the selected card
 * there, the gesture is done and the second tap sends nothing. Taps further apart are taps
 * of their own, each aimed at the card on top when it lands; none is lost (the sender
 * holds one back until the answer before it is in).
 * @param {Model} model
 * @param {{send(type: string, fields: Record<string, unknown>): void}} sender
 * @param {() => number} [now] the clock, in ms (tests pass their own)
 */
export function createTaps(model, sender, now = () => performance.now()) {
  /** @type {{place: string, time: number, rev: number, card: string, aimed: boolean, game: string, moves: number} | null} */
  let lastTap = null;
  // A new deal or a restart (from a cell, say) between two taps: another game's taps, even
  // 100 ms apart, are not one gesture.
  const sameGame = (/** @type {{game: string, moves: number}} */ tap) =>
    model.get("code") === tap.game && (model.get("move_count") ?? 0) >= tap.moves;
  /** @type {{place: string, card: string, rev: number, expires: number, aimed: boolean} | null} */
  let second = null;

  function resolveSecond() {
    if (!second) return;
    const { place, card, rev, expires, aimed } = second;
    if (model.get("rev") === rev && now() < expires) return; // the first tap's answer is not here yet
    second = null;
    const movable = place in (model.get("targets") || {});
    if (!aimed && movable && topOf(model, place) === card) sender.send("double_tap", { pile: place });
  }

  return {
    /** @param {string} place */
    tap(place) {
      const time = now();
      if (lastTap && lastTap.place === place && time - lastTap.time < DOUBLE_TAP_MS && sameGame(lastTap)) {
        const { card, rev, aimed } = lastTap;
        second = { place, card, rev, expires: time + ANSWER_WAIT_MS, aimed };
        lastTap = null; // a third tap starts a gesture of its own
        resolveSecond();
        return;
      }
      second = null;
      // A tap while another place is selected puts that card here: not this card's gesture.
      const selected = model.get("selected");
      const aimed = Boolean(selected) && selected !== place;
      const game = model.get("code");
      const moves = model.get("move_count") ?? 0;
      lastTap = { place, time, rev: model.get("rev"), card: topOf(model, place), aimed, game, moves };
      sender.send("tap", { pile: place });
    },
    resolveDouble: resolveSecond,
    /** A drag between two taps: they are not a double tap. */
    forgetLast() {
      lastTap = null;
    },
    forget() {
      lastTap = null;
      second = null;
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
 * Where a drop on `place` goes, the dragged card's `targets` known: a foundation the player
 * aimed at that takes the card is that foundation (of two that take it, the one chosen);
 * anywhere else on the foundations is "F", the foundation of the suit that takes it.
 * @param {string} place
 * @param {string[]} targets
 * @returns {string}
 */
export function dropDestination(place, targets) {
  return place[0] === "F" && place !== "F" && !targets.includes(place) ? "F" : place;
}

/**
 * The place under the pointer: a pile's name, a foundation's ("F5"), "F" for elsewhere on
 * the foundations, or null.
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
  /** @type {HTMLElement | null} */
  const foundationEl = hit.closest("[data-foundation]");
  if (foundationEl?.dataset.foundation) return foundationEl.dataset.foundation;
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
    const under = dropPlace(view, e.clientX, e.clientY);
    if (under === null || under === p.place) {
      endDrag(view, model, motion, dragged, true);
      return;
    }
    const targets = targetsOf(model, p.place);
    const dst = dropDestination(under, targets);
    // Python judges the drop either way; an unlit destination snaps back at once and
    // Python's reason appears in the status area.
    endDrag(view, model, motion, dragged, !looksLegal(targets, dst));
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
