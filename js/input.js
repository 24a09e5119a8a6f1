// Pointer input: tap, double tap and drag, for mouse, touch and pen alike (keys are in
// keys.js). The front end never decides legality: it sends intents quoting the state
// revision they were made against, and only uses Python's published targets to light
// places up (a drag lights every legal destination, as a selection does).

import { placeOf, slotOf } from "./board.js";

const DRAG_THRESHOLD_PX = 6;
const DOUBLE_TAP_MS = 350;
// How long an intent may stay unanswered before the next one goes out regardless.
const ANSWER_WAIT_MS = 1000;
const SNAP_BACK_MS = 180;
const NO_MOTION = {
  holdGhost(ghost, card) {
    ghost.remove();
    card.classList.remove("cw-dragging");
  },
};

/**
 * Wire pointer input on `view` (from createBoard). `send(type, fields)` posts an intent;
 * `onPress(place)` hears of every press on a place (keyboard focus follows the pointer);
 * `motion` (motion.js) takes over the ghost of a drop that looks legal, so the card flies
 * on from where it was let go. Returns the hooks widget.js calls, cleanup included.
 */
export function attachInput(view, model, send, onPress = () => {}, motion = NO_MOTION) {
  const controller = new AbortController();
  const opts = { signal: controller.signal };
  let press = null; // {slot, place, pointerId, x, y, drag}
  let lastTap = null; // {place, time, rev}
  let pendingDouble = null; // {place, rev, expires}

  const targetsOf = (place) => model.get("targets")?.[place] || [];

  function lightTargets(place, on) {
    const targets = targetsOf(place);
    for (const name of targets) slotOf(view, name)?.classList.toggle("cw-drop-target", on);
    view.foundationArea.classList.toggle("cw-drop-target", on && targets.some((t) => t[0] === "F"));
  }

  // A tap goes out at once (no waiting to see if a second one follows), so a lone tap
  // costs one round trip. A second tap on the same place soon after is a double tap
  // (send the card home) only if it is aimed at the same card and the first one
  // selected it. If the first tap moved the card away, the second is aimed at the card
  // now on top: an ordinary tap. The card is told by its identity, read when the
  // second tap lands and again when the first tap's answer arrives.
  const topOf = (place) => {
    const entry = place[0] === "F" ? null : (model.get("piles") || [])[Number(place) - 1];
    return Array.isArray(entry) ? entry[0] : "";
  };
  // An intent made while an earlier one is unanswered would quote a revision Python is
  // about to leave, and be dropped as stale: it waits for the answer, then goes out.
  let waiting = null; // {rev, expires}
  let queued = null; // () => void, sent once the answer is in
  let queueTimer = null;
  const inFlight = () => waiting && model.get("rev") === waiting.rev && performance.now() < waiting.expires;
  function sendNow(type, fields) {
    waiting = { rev: model.get("rev"), expires: performance.now() + ANSWER_WAIT_MS };
    send(type, fields);
  }
  function sendWhenAnswered(type, fields) {
    if (!inFlight()) {
      queued = null;
      sendNow(type, fields);
    } else {
      queued = () => sendNow(type, fields);
      clearTimeout(queueTimer);
      queueTimer = setTimeout(flushQueued, Math.max(0, waiting.expires - performance.now()) + 1);
    }
  }

  function tap(place) {
    const now = performance.now();
    const card = topOf(place);
    if (lastTap && lastTap.place === place && now - lastTap.time < DOUBLE_TAP_MS && lastTap.card === card) {
      pendingDouble = { place, card, rev: lastTap.rev, expires: now + ANSWER_WAIT_MS };
      lastTap = null;
      resolveDouble();
      return;
    }
    pendingDouble = null;
    lastTap = { place, time: now, rev: model.get("rev"), card };
    sendWhenAnswered("tap", { pile: place });
  }

  function resolveDouble() {
    if (!pendingDouble) return;
    const { place, card, rev, expires } = pendingDouble;
    if (model.get("rev") === rev && performance.now() < expires) return; // the first tap's answer is not here yet
    pendingDouble = null;
    // Selected by the first tap and still the same card: send it home. Anything else
    // (the card moved, or the tap was refused) makes this tap a tap of its own, which
    // plays, selects, or says why not.
    const same = model.get("selected") === place && topOf(place) === card;
    sendWhenAnswered(same ? "double_tap" : "tap", { pile: place });
  }

  function flushQueued() {
    if (queued && !inFlight()) {
      const go = queued;
      queued = null;
      go();
    }
  }

  function startDrag(p) {
    const card = p.slot.querySelector(".cw-card:not(.cw-stand-in)");
    if (!card) return false;
    const rootBox = view.root.getBoundingClientRect();
    const box = card.getBoundingClientRect();
    const ghost = card.cloneNode(true);
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
    lightTargets(p.place, true);
    return true;
  }

  function endDrag(p, snapBack) {
    const { ghost, card } = p.drag;
    lightTargets(p.place, false);
    if (!snapBack) return motion.holdGhost(ghost, card, p.place);
    const finish = () => {
      ghost.remove();
      card.classList.remove("cw-dragging");
    };
    ghost.classList.add("cw-snap-back");
    ghost.style.transform = "translate(0px, 0px)";
    setTimeout(finish, SNAP_BACK_MS);
  }

  function dropPlace(x, y) {
    // The view's own document or shadow root (marimo draws outputs in a shadow DOM, where
    // document.elementFromPoint would only see the shadow host).
    const hit = view.root.getRootNode().elementFromPoint(x, y);
    if (!hit || !view.root.contains(hit)) return null;
    const pileEl = hit.closest("[data-pile]");
    if (pileEl) return pileEl.dataset.pile;
    // Anywhere on the foundation area means "the foundation of this suit that accepts it".
    if (hit.closest("[data-foundation-area]")) return "F";
    return null;
  }

  view.board.addEventListener(
    "pointerdown",
    (e) => {
      if (e.button !== 0 || press) return;
      const slotEl = e.target.closest(".cw-slot");
      if (!slotEl || !view.board.contains(slotEl)) return;
      // A replay owns the board: nothing to tap or drag until it ends.
      if (model.get("replay_state")?.total !== undefined) return;
      onPress(placeOf(slotEl));
      slotEl.setPointerCapture(e.pointerId);
      press = { slot: slotEl, place: placeOf(slotEl), pointerId: e.pointerId, x: e.clientX, y: e.clientY, drag: null };
      e.preventDefault();
    },
    opts,
  );

  view.board.addEventListener(
    "pointermove",
    (e) => {
      const p = press;
      if (!p || e.pointerId !== p.pointerId) return;
      const dx = e.clientX - p.x;
      const dy = e.clientY - p.y;
      if (!p.drag && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      if (!p.drag && !startDrag(p)) return;
      p.drag.ghost.style.transform = `translate(${dx}px, ${dy}px)`;
    },
    opts,
  );

  view.board.addEventListener(
    "pointerup",
    (e) => {
      const p = press;
      if (!p || e.pointerId !== p.pointerId) return;
      press = null;
      if (!p.drag) {
        tap(p.place);
        return;
      }
      const dst = dropPlace(e.clientX, e.clientY);
      if (dst === null || dst === p.place) {
        endDrag(p, true);
        return;
      }
      const targets = targetsOf(p.place);
      const looksLegal = dst === "F" ? targets.some((t) => t[0] === "F") : targets.includes(dst);
      // Python judges the drop either way; an unlit destination snaps back at once and
      // Python's reason appears in the status area.
      endDrag(p, !looksLegal);
      lastTap = null;
      sendWhenAnswered("drop", { src: p.place, dst });
    },
    opts,
  );

  view.board.addEventListener(
    "pointercancel",
    (e) => {
      const p = press;
      if (!p || e.pointerId !== p.pointerId) return;
      press = null;
      if (p.drag) endDrag(p, true);
    },
    opts,
  );

  return {
    onStateChange() {
      resolveDouble();
      flushQueued();
    },
    // Another action (a button) between two taps means they are not a double tap.
    forgetTap() {
      lastTap = null;
      pendingDouble = null;
      queued = null;
    },
    cleanup() {
      controller.abort();
      clearTimeout(queueTimer);
      if (press?.drag) press.drag.ghost.remove();
      press = null;
    },
  };
}
