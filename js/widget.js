// Entry point of the Crescent widget front end (anywidget ES module).
// render() draws one view of the model; several views of one widget stay in sync
// because each redraws from the model on every change.

import { createBoard, shows } from "./board.js";
import { element, setText } from "./dom.js";
import { attachFeedback } from "./feedback.js";
import { attachInput } from "./input.js";
import { attachKeys } from "./keys.js";
import { attachLessonPanel, createLessonPanel, keepLessonsDone, updateLessonPanel } from "./lesson.js";
import { createMotion } from "./motion.js";
import { attachPanels } from "./panels.js";
import { updateReview, wirePractice } from "./review.js";
import { readState } from "./state.js";
import { formatClock, updateBoard } from "./update.js";

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").Model} Model */
/** @typedef {import("./state.js").State} State */
/** @typedef {(type: string, fields?: Record<string, unknown>) => void} Send */

const CLOCK_TICK_MS = 500;
const COPIED_MS = 1500;
const MIN_REPLAY_MS = 50;
// Finish plays one foundation move per step, each a little after the last one began
// to fly (motion.js), so the cards go home one after another.
const FINISH_STEP_MS = 120;
// Toolbar buttons that open a panel (panels.js) rather than send an intent.
const PANEL_OPENERS = ["settings", "help", "stats"];

/**
 * Finish: the button (or D) asks Python for the next foundation move after each step is
 * shown, quoting that step's revision, until the game is won or the player does anything
 * else.
 * @param {Model} model
 * @param {Send} send
 */
function createFinish(model, send) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let finishing = false;
  const stop = () => {
    finishing = false;
    clearTimeout(timer);
  };
  return {
    stop,
    start() {
      if (!model.get("can_finish")) return;
      const offered = model.get("lesson_buttons") || [];
      if (offered.length && !offered.includes("finish")) return; // a lesson's task is not Finish
      finishing = true;
      send("finish");
    },
    /** @param {State} state */
    arm(state) {
      clearTimeout(timer);
      if (!finishing || !state.can_finish) return stop();
      const rev = state.rev;
      timer = setTimeout(() => {
        if (finishing && model.get("rev") === rev) model.send({ type: "finish", rev });
      }, FINISH_STEP_MS);
    },
  };
}

/**
 * The clock: Python publishes seconds played at each update; between updates the view
 * counts on from its own receipt time. A view drawn later (a page reload, a second view)
 * would count on from a stale update, so it asks Python for the game's own clock once,
 * and again whenever the page becomes visible.
 * @param {Model} model
 * @param {View} view
 */
function createClock(model, view) {
  let base = 0;
  let from = performance.now();
  let running = false;
  const show = () => {
    const seconds = base + (running ? (performance.now() - from) / 1000 : 0);
    const text = `${model.get("labels")?.time ?? ""} ${formatClock(seconds)}`.trim();
    setText(view.clock, text);
  };
  /** @param {{elapsed?: unknown, running?: unknown}} clock */
  const set = ({ elapsed, running: ticking }) => {
    base = Number(elapsed) || 0;
    from = performance.now();
    running = Boolean(ticking);
  };
  /** @param {any} message */
  const onCustom = (message) => {
    if (message?.type !== "clock") return;
    set(message);
    show();
  };
  const ask = () => {
    if (document.visibilityState !== "hidden") model.send({ type: "clock" });
  };
  model.on("msg:custom", onCustom);
  document.addEventListener("visibilitychange", ask);
  const timer = setInterval(show, CLOCK_TICK_MS);
  ask();
  return {
    show,
    /** @param {State} state */
    update(state) {
      set({ elapsed: state.elapsed, running: state.clock_running });
    },
    cleanup() {
      model.off("msg:custom", onCustom);
      document.removeEventListener("visibilitychange", ask);
      clearInterval(timer);
    },
  };
}

/**
 * Replay: while playing, ask Python for the next step `delay` seconds after each step is
 * shown. The request quotes the revision it was made at, so Python ignores it if anything
 * happened meanwhile (a click, another view's timer).
 * @param {Model} model
 */
function createReplayTimer(model) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  return {
    /** @param {State} state */
    arm(state) {
      clearTimeout(timer);
      timer = undefined;
      const replay = state.replay_state;
      if (!replay.playing || Number(replay.step) >= Number(replay.total)) return;
      const rev = state.rev;
      timer = setTimeout(
        () => {
          timer = undefined;
          if (model.get("rev") === rev) model.send({ type: "replay_next", rev });
        },
        Math.max(MIN_REPLAY_MS, Number(replay.delay) * 1000 || 0),
      );
    },
    cleanup: () => clearTimeout(timer),
  };
}

/**
 * Announcements: each new one goes into the live region as a fresh node, so that a
 * repeated text is read again. A view does not read out what happened before it existed.
 * The message line flashes with each one that it shows, so a repeated refusal is seen to answer too.
 * @param {Model} model
 * @param {View} view
 */
function createAnnouncer(model, view) {
  let announced = model.get("announce_id");
  return () => {
    const id = model.get("announce_id");
    if (id === announced) return;
    announced = id;
    if (shows(view.messages) && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      view.messages.animate?.(
        [{ backgroundColor: "rgba(245, 197, 24, 0.4)" }, { backgroundColor: "transparent" }],
        450,
      );
    }
    const line = element("p");
    line.textContent = model.get("announcement") || "";
    view.live.replaceChildren(line);
  };
}

/**
 * The end-of-game banner's ×: the banner goes until the game ends again (update.js), and
 * focus goes back to the board.
 * @param {View} view
 */
function putAwayBanner(view) {
  view.banner.dataset.dismissed = "1";
  view.banner.hidden = true;
  view.overlay.hidden = view.warning.hidden;
  view.root.focus({ preventScroll: true });
}

/**
 * The toolbar's, banner's, warning's and replay bar's buttons: each sends the intent its
 * data-action (data-banner-action on the banner) names ("new-game": "new_game"); a press
 * or key of the player stops a finish under way, and a win's cascade. Finish starts one; the
 * panels' buttons open their panels (panels.js); the banner's × puts it away.
 * @param {View} view
 * @param {Send} send
 * @param {{forgetTap(): void}} input
 * @param {ReturnType<typeof createFinish>} finish
 * @param {{settle(): void}} motion
 * @param {AbortSignal} signal
 */
function wireButtons(view, send, input, finish, motion, signal) {
  const b = view.buttons;
  const root = view.root;
  root.addEventListener(
    "click",
    (e) => {
      /** @type {HTMLElement | null} */
      const el = /** @type {Element} */ (e.target).closest("[data-action], [data-banner-action], [data-dismiss]");
      const action = el?.dataset.action ?? el?.dataset.bannerAction;
      if (el?.dataset.dismiss === "banner") putAwayBanner(view);
      else if (action === "finish") finish.start();
      else if (action && !PANEL_OPENERS.includes(action)) {
        input.forgetTap();
        send(action.replaceAll("-", "_"));
      }
    },
    { signal },
  );
  // Keyboard focus follows the pointer (so arrows go on from the last card touched), but
  // its ring is drawn for keyboard players only: a mouse player sees the selection alone.
  // Any other press or key of the player stops a finish under way.
  root.addEventListener(
    "pointerdown",
    (e) => {
      root.classList.add("cw-pointer");
      motion.settle();
      if (!b.finish.contains(/** @type {Node} */ (e.target))) finish.stop();
    },
    { signal },
  );
  root.addEventListener(
    "keydown",
    (e) => {
      root.classList.remove("cw-pointer");
      motion.settle();
      if (e.key.toLowerCase() !== "d" && !b.finish.contains(/** @type {Node} */ (e.target))) finish.stop();
    },
    { signal, capture: true },
  );
}

/**
 * The code's Copy button: to the clipboard, or selected for Ctrl+C without its permission.
 * Returns the clean-up of its timer.
 * @param {Model} model
 * @param {View} view
 * @param {AbortSignal} signal
 */
function wireCopy(model, view, signal) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let copiedTimer;
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
  const copy = () => {
    const code = model.get("code");
    if (!code) return;
    if (navigator.clipboard?.writeText) navigator.clipboard.writeText(code).then(done, selectCode);
    else selectCode();
  };
  view.copy.addEventListener("click", copy, { signal });
  return () => clearTimeout(copiedTimer);
}

/** @param {HTMLElement} el */
function createRoot(el) {
  const root = element("div", "crescent-widget cw"); // cw: the stylesheet's short name for the root (widget.css)
  // Let keys reach the game and keep JupyterLab's context menu off the board. The root
  // takes focus (Tab reaches it) so that its keys work before any card has focus.
  root.setAttribute("data-lm-suppress-shortcuts", "");
  root.setAttribute("data-jp-suppress-context-menu", "");
  root.setAttribute("tabindex", "0");
  root.setAttribute("role", "application");
  el.append(root);
  return root;
}

/** @param {{model: Model, el: HTMLElement}} context */
function render({ model, el }) {
  const root = createRoot(el);
  const view = createBoard(root);
  const lessonPanel = createLessonPanel(root);
  const feedback = attachFeedback(view);
  /** @type {Send} */
  const send = (type, fields = {}) => {
    const aimedAt = fields.pile ?? fields.src; // a tap's place, a drop's card: where its answer shows
    if (typeof aimedAt === "string") feedback.attempted(aimedAt);
    model.send({ type, rev: model.get("rev"), ...fields });
  };
  const panels = attachPanels(view, send);
  const finish = createFinish(model, send);
  const keys = attachKeys(view, model, send, {
    toggleHelp: panels.toggleHelp,
    toggleStats: panels.toggleStats,
    helpOpen: panels.isOpen,
    closePanel: panels.closeOpen,
    finish: finish.start,
  });
  const motion = createMotion(view);
  const input = attachInput(view, model, send, (place) => keys.setCurrent(place, true), motion);
  const clock = createClock(model, view);
  const replay = createReplayTimer(model);
  const announce = createAnnouncer(model, view);

  const update = () => {
    const before = keys.before();
    const state = readState(model);
    motion.before(state); // first: it measures while layout is still clean (no forced reflow)
    root.lang = state.lang || "pl";
    root.dataset.rev = String(state.rev);
    clock.update(state);
    updateBoard(view, state);
    updateReview(view, state);
    updateLessonPanel(lessonPanel, view, state);
    panels.update(state);
    motion.after(state);
    clock.show();
    announce();
    feedback.answer(state, model.get("announce_id"));
    replay.arm(state);
    finish.arm(state);
    input.onStateChange();
    keys.onStateChange(before);
  };
  model.on("change", update);
  update();

  const controller = new AbortController();
  wireButtons(view, send, input, finish, motion, controller.signal);
  const stopCopied = wireCopy(model, view, controller.signal);
  wirePractice(model, view, controller.signal);
  attachLessonPanel(lessonPanel, send, controller.signal);
  const stopKeepingLessons = keepLessonsDone(model);

  return () => {
    model.off("change", update);
    clock.cleanup();
    panels.cleanup();
    stopCopied();
    stopKeepingLessons();
    replay.cleanup();
    finish.stop();
    controller.abort();
    input.cleanup();
    keys.cleanup();
    motion.cleanup();
    feedback.cleanup();
    root.remove();
    root.replaceChildren(); // drop the DOM (and its references) along with the view
  };
}

export default { render };
