// Motion that explains what just happened. The DOM always takes the new state at once;
// motion only plays transforms on elements already in their final places (FLIP), so a
// tap during an animation acts on the new position. What moved is read from the
// difference between two consecutive states (a move: one place loses its top card and
// another gains that very card; a reshuffle: the reshuffle counter drops and tops
// change), so taps, drags, double taps, moves from code, undo, hints and replay steps
// all animate the same way, with no extra field from Python. A win the player just made is
// a moment: the foundations' cards cascade out over the felt (under reduced motion, a still
// picture of them fanned out instead), until the player touches the board.

import { slotOf } from "./board.js";
import { cardIn, createCard, dropGhost, snapBack, updateCard } from "./cards.js";
import { inReplay } from "./state.js";

export const MOVE_MS = 180;
// A win's cascade: each foundation's card leaps out and falls, a trail of copies behind it,
// one foundation after another; about two seconds in all, cut short by any touch or key.
const CASCADE_MS = 1100;
const CASCADE_STAGGER_MS = 110;
const CASCADE_TRAIL = 3;
const TRAIL_MS = 70;
const FOUNDATIONS = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8"];
const WIN = "win"; // the cascade's own name among the places a motion is on
const RISE_MS = 240;
const RISE_STAGGER_MS = 12;
const HOLD_GHOST_MS = 1000;
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").State} State */
/** @typedef {import("./state.js").Entry} Entry */
/** @typedef {Pick<State, "piles" | "foundations" | "reshuffles_left" | "replay_state">} Board */
/**
 * @typedef {{kind: "move", src: string, dst: string, card: string, under: string}
 *   | {kind: "reshuffle" | "unreshuffle", piles: [string, string][]}
 *   | null} Moved
 */

/**
 * Every place with its entry, piles "1"–"16" then foundations "F1"–"F8".
 * @param {Pick<State, "piles" | "foundations">} state
 * @returns {[string, Entry][]}
 */
function placesOf(state) {
  return [
    ...state.piles.map((entry, i) => /** @type {[string, Entry]} */ ([String(i + 1), entry])),
    ...state.foundations.map((entry, i) => /** @type {[string, Entry]} */ ([`F${i + 1}`, entry])),
  ];
}

/** @param {Entry | undefined} entry */
const topOf = (entry) => (Array.isArray(entry) ? entry[0] : "");
/** @param {Entry | undefined} entry */
const countOf = (entry) => (Array.isArray(entry) ? Number(entry[1]) || 0 : 0);

/**
 * What happened between two states, as far as cards go:
 * {kind: "move", src, dst, card, under} (under: the card the mover now covers),
 * {kind: "reshuffle" | "unreshuffle", piles: [[place, old top]]}, or null (nothing
 * moved, or too much to show as one motion: a new game, a loaded position).
 * @param {Board | null} before
 * @param {Board} after
 * @returns {Moved}
 */
export function whatMoved(before, after) {
  if (before?.piles.length !== 16 || after.piles.length !== 16) return null;
  if (before.foundations.length !== after.foundations.length) return null;
  const old = placesOf(before);
  const now = placesOf(after);
  const lost = [];
  const gained = [];
  /** @type {[string, string][]} */
  const retopped = [];
  for (let i = 0; i < old.length; i++) {
    const delta = countOf(now[i][1]) - countOf(old[i][1]);
    if (delta === -1) lost.push(i);
    else if (delta === 1) gained.push(i);
    else if (delta !== 0) return null;
    else if (topOf(now[i][1]) !== topOf(old[i][1])) retopped.push([now[i][0], topOf(old[i][1])]);
  }
  if (lost.length === 1 && gained.length === 1 && retopped.length === 0) {
    const [src, dst] = [lost[0], gained[0]];
    const card = topOf(now[dst][1]);
    if (!card || card !== topOf(old[src][1])) return null;
    return { kind: "move", src: old[src][0], dst: old[dst][0], card, under: topOf(old[dst][1]) };
  }
  if (lost.length || gained.length || !retopped.length) return null;
  // A reshuffle cannot be undone in play, only stepped back over in a replay; a new
  // deal of the same code after a reshuffle looks alike and must not animate.
  const spent = Number(before.reshuffles_left) - Number(after.reshuffles_left);
  const stepped = Number(after.replay_state?.step) - Number(before.replay_state?.step);
  if (spent === 1 && stepped !== -1) return { kind: "reshuffle", piles: retopped };
  if (spent === -1 && stepped === -1) return { kind: "unreshuffle", piles: retopped };
  return null;
}

/**
 * Whether `after` is a win the player just made: a card went home and won the game (not a
 * won game loaded or dealt, nor a replay stepping to its end).
 * @param {(Board & Pick<State, "status">) | null} before
 * @param {Board & Pick<State, "status">} after
 */
export function wonNow(before, after) {
  if (before?.status !== "playing" || after.status !== "won" || inReplay(after.replay_state)) return false;
  return whatMoved(before, after)?.kind === "move";
}

/**
 * The path of one card of a win's cascade, as Web Animations keyframes: from its foundation
 * it leaps up and out to its `side` (-1 left, 1 right) by `reach` px, falls `drop` px,
 * bounces once on the way down, and fades as it lands.
 * @param {number} side
 * @param {number} reach
 * @param {number} drop
 * @returns {Keyframe[]}
 */
export function cascadeFrames(side, reach, drop) {
  /** @type {[number, number, number, number][]} share of reach, share of drop, turn (deg), offset */
  const path = [
    [0, 0, 0, 0],
    [0.25, -0.2, 12, 0.2],
    [0.55, 0.75, 28, 0.55],
    [0.7, 0.45, 34, 0.7],
    [1, 1, 48, 1],
  ];
  return path.map(([x, y, turn, offset]) => ({
    transform: `translate(${Math.round(side * x * reach)}px, ${Math.round(y * drop)}px) rotate(${side * turn}deg)`,
    opacity: offset === 1 ? 0 : 1,
    offset,
  }));
}

/**
 * A win's cascade: copies of each foundation's top card leap out and fall over the felt, a
 * foundation after another (the board behind them is already the won position).
 * @param {View} view
 * @param {ReturnType<typeof createTracker>} tracker
 * @param {State} state
 */
function cascade(view, tracker, state) {
  const board = view.board.getBoundingClientRect();
  view.foundations.forEach((slot, i) => {
    const place = slot.firstElementChild;
    const top = topOf(state.foundations[i]);
    if (!place || !top) return;
    const box = place.getBoundingClientRect();
    const side = i % 4 < 2 ? -1 : 1; // the left two of a row go left, the right two right
    const reach = Math.max(side < 0 ? box.left - board.left : board.right - box.right, box.width);
    const drop = Math.max(board.bottom - box.bottom, box.height);
    slot.classList.add("cw-cascading");
    for (let k = 0; k < CASCADE_TRAIL; k++) {
      const copy = stand(place, top, state.labels, true);
      const animation = copy.animate(cascadeFrames(side, reach, drop), {
        duration: CASCADE_MS,
        delay: i * CASCADE_STAGGER_MS + k * TRAIL_MS,
        easing: "ease-in",
        fill: "both",
      });
      tracker.track(animation, () => {
        copy.remove();
        if (!place.querySelector(".cw-stand-in")) slot.classList.remove("cw-cascading");
      }, [...FOUNDATIONS, WIN]);
    }
  });
  view.root.dataset.motion = WIN;
}

/**
 * The still picture of a win, under reduced motion: each foundation's card fanned out over
 * its place, as the cascade starts, and nothing moving. Returns the copies it drew.
 * @param {View} view
 * @param {State} state
 */
function winPicture(view, state) {
  /** @type {HTMLElement[]} */
  const drawn = [];
  view.foundations.forEach((slot, i) => {
    const place = slot.firstElementChild;
    const top = topOf(state.foundations[i]);
    if (!place || !top) return;
    const side = i % 4 < 2 ? -1 : 1;
    for (let k = 1; k < CASCADE_TRAIL; k++) {
      const copy = stand(place, top, state.labels, false);
      copy.classList.add("cw-win-still");
      copy.style.transform = `translate(${side * k * 14}%, ${k * 9}%) rotate(${side * k * 9}deg)`;
      drawn.push(copy);
    }
  });
  view.board.classList.add("cw-won-still");
  return drawn;
}

/** @param {Pick<State, "piles" | "foundations">} state */
function boardKey(state) {
  return JSON.stringify([state.piles, state.foundations]);
}

/**
 * The animations under way on one view, each with the places it moves on, so that a new
 * position cuts short only what it touches. `root.dataset.motion` says what moves now
 * ("5-F2", "reshuffle"): a hook for tests.
 * @param {HTMLElement} root
 */
function createTracker(root) {
  /** @type {{animation: Animation, at: string[], end: () => void}[]} */
  let running = [];
  return {
    /**
     * A new position cuts short what still moves on the places it touches (all places,
     * unless it is one move), so quick moves elsewhere (Finish) overlap. The clean-up runs
     * now, not when the cancel event arrives, so it cannot undo the next motion's set-up.
     * @param {string[] | null} places
     */
    stop(places) {
      for (const { animation, end, at } of [...running]) {
        if (places && !at.some((place) => places.includes(place))) continue;
        end();
        animation.cancel();
      }
      if (!running.length) root.dataset.motion = "";
    },
    /**
     * @param {Animation} animation
     * @param {() => void} cleanup
     * @param {string[]} at
     */
    track(animation, cleanup, at) {
      let done = false;
      const entry = { animation, at, end: () => {} };
      entry.end = () => {
        if (done) return;
        done = true;
        cleanup();
        running = running.filter((e) => e !== entry);
        if (!running.length) root.dataset.motion = "";
      };
      animation.addEventListener("finish", entry.end);
      animation.addEventListener("cancel", entry.end);
      running.push(entry);
    },
  };
}

/**
 * A card element showing `ascii` inside a slot's place, for the duration of a motion.
 * @param {Element} place
 * @param {string} ascii
 * @param {import("./state.js").Labels} labels
 * @param {boolean} above
 */
function stand(place, ascii, labels, above) {
  const el = createCard();
  updateCard(el, ascii, labels.ranks);
  delete el.dataset.card; // decoration: not one of the cards the page shows
  el.classList.add("cw-stand-in");
  el.removeAttribute("role");
  el.setAttribute("aria-hidden", "true");
  const real = cardIn(place);
  if (above || !real) place.append(el);
  else place.insertBefore(el, real);
  return el;
}

/**
 * A move: the card flies from where it was (`from`) to its new place (`to`).
 * @param {View} view
 * @param {ReturnType<typeof createTracker>} tracker
 * @param {Extract<Moved, {kind: "move"}>} plan
 * @param {DOMRect} from
 * @param {DOMRect} to
 * @param {State} state
 */
function fly(view, tracker, plan, from, to, state) {
  const slot = slotOf(view, plan.dst);
  const card = cardIn(slot);
  if (!slot || !card?.parentElement) return;
  const dx = from.left - to.left;
  const dy = from.top - to.top;
  const scale = from.width && to.width ? from.width / to.width : 1;
  // What the mover lands on stays in view under it until it arrives.
  const under = plan.under ? stand(card.parentElement, plan.under, state.labels, false) : null;
  slot.classList.add("cw-flying");
  const animation = card.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
    { duration: MOVE_MS, easing: EASE },
  );
  view.root.dataset.motion = `${plan.src}-${plan.dst}`;
  tracker.track(animation, () => {
    slot.classList.remove("cw-flying");
    under?.remove();
  }, [plan.src, plan.dst]);
}

/**
 * A reshuffle: each pile's new top card (its bottom card until now) rises from under
 * the pile over the card that was on top. Its undo: the top card sinks back under.
 * @param {View} view
 * @param {ReturnType<typeof createTracker>} tracker
 * @param {Extract<Moved, {piles: unknown}>} plan
 * @param {State} state
 */
function rise(view, tracker, plan, state) {
  const sinking = plan.kind === "unreshuffle";
  plan.piles.forEach(([name, oldTop], i) => {
    const slot = slotOf(view, name);
    const card = cardIn(slot);
    if (!slot || !card?.parentElement) return;
    const stay = oldTop ? stand(card.parentElement, oldTop, state.labels, sinking) : null;
    /** @type {KeyframeAnimationOptions} */
    const timing = { duration: RISE_MS, delay: i * RISE_STAGGER_MS, easing: EASE, fill: "backwards" };
    const animation = sinking
      ? (stay ?? card).animate(
          [
            { transform: "none", opacity: 1 },
            { transform: "translateY(55%)", opacity: 0 },
          ],
          { ...timing, fill: "both" },
        )
      : card.animate(
          [
            { transform: "translateY(55%)", opacity: 0 },
            { transform: "translateY(25%)", opacity: 1, offset: 0.5 },
            { transform: "none", opacity: 1 },
          ],
          timing,
        );
    slot.classList.add("cw-flying");
    tracker.track(animation, () => {
      slot.classList.remove("cw-flying");
      stay?.remove();
    }, [name]);
  });
  view.root.dataset.motion = plan.kind;
}

/**
 * Motion for one view. widget.js calls `before(state)` just before the DOM takes a new
 * state and `after(state)` right after it, and `settle()` when the player touches the board
 * or presses a key (a win's moment ends). input.js hands over a drag's ghost with
 * `holdGhost` so the card flies on from where it was dropped.
 * @param {View} view
 */
export function createMotion(view) {
  const query = window.matchMedia?.("(prefers-reduced-motion: reduce)");
  const reduced = () => Boolean(query?.matches);
  const tracker = createTracker(view.root);
  /** @type {State | null} */
  let previous = null;
  /** @type {Moved} */
  let plan = null;
  // The mover's boxes, read before the DOM changes (while layout is clean, so the update
  // forces no second layout): where it starts, and its destination's place (slots do
  // not move when cards do).
  /** @type {DOMRect | null} */
  let from = null;
  /** @type {DOMRect | null} */
  let to = null;
  /** @type {{ghost: HTMLElement, card: HTMLElement, src: string, timer: ReturnType<typeof setTimeout>} | null} */
  let held = null;
  // A win: the cascade waits for the winning card to land; the still picture stays until put away.
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let winTimer;
  /** @type {HTMLElement[]} */
  let still = [];
  view.root.dataset.motion = "";

  /** The win's moment ends: its cascade stops (its copies go) and its still picture goes. */
  function settle() {
    clearTimeout(winTimer);
    tracker.stop([WIN]);
    for (const copy of still) copy.remove();
    still = [];
    view.board.classList.remove("cw-won-still");
  }

  /** @param {boolean} flyFrom */
  function releaseGhost(flyFrom) {
    if (!held) return;
    const { ghost, card, timer } = held;
    held = null;
    clearTimeout(timer);
    card.classList.remove("cw-dragging");
    if (flyFrom || reduced()) ghost.remove();
    else snapBack(ghost, MOVE_MS); // the drop was refused: the ghost goes back to its pile
  }

  return {
    /**
     * Before the DOM takes `state`: work out what moved and where it starts from.
     * @param {State} state
     */
    before(state) {
      plan = null;
      from = to = null;
      if (previous?.status === "won" && state.status !== "won") settle();
      if (previous && boardKey(previous) !== boardKey(state)) {
        settle();
        plan = reduced() ? null : whatMoved(previous, state);
        tracker.stop(plan?.kind === "move" ? [plan.src, plan.dst] : null);
      }
      if (plan?.kind === "move") {
        const ghostFrom = held && held.src === plan.src ? held.ghost.getBoundingClientRect() : null;
        from = ghostFrom ?? slotOf(view, plan.src)?.firstElementChild?.getBoundingClientRect() ?? null;
        to = slotOf(view, plan.dst)?.firstElementChild?.getBoundingClientRect() ?? null;
      }
    },
    /**
     * After the DOM shows `state`: play the motion, if any.
     * @param {State} state
     */
    after(state) {
      const moved = plan?.kind === "move" && held?.src === plan.src;
      if (held && previous?.rev !== state.rev) releaseGhost(moved);
      if (plan?.kind === "move") {
        if (from && to) fly(view, tracker, plan, from, to, state);
      } else if (plan) rise(view, tracker, plan, state);
      if (wonNow(previous, state)) {
        if (reduced()) still = winPicture(view, state);
        else {
          // Once the winning card has landed: the cascade starts from the board at rest.
          const start = () => {
            if (view.root.dataset.motion) winTimer = setTimeout(start, MOVE_MS / 3);
            else cascade(view, tracker, state);
          };
          winTimer = setTimeout(start, MOVE_MS);
        }
      }
      previous = state;
      plan = null;
      from = to = null;
    },
    /**
     * A drop that looks legal: keep the ghost where it was let go until Python answers.
     * @param {HTMLElement} ghost
     * @param {HTMLElement} card
     * @param {string} src
     */
    holdGhost(ghost, card, src) {
      releaseGhost(false);
      if (reduced()) return dropGhost(ghost, card);
      held = { ghost, card, src, timer: setTimeout(() => releaseGhost(false), HOLD_GHOST_MS) };
    },
    settle,
    cleanup() {
      settle();
      tracker.stop(null);
      if (held) {
        clearTimeout(held.timer);
        held.ghost.remove();
        held = null;
      }
    },
  };
}
