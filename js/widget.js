// Entry point of the Crescent widget front end (anywidget ES module).
// render() draws one view of the model; several views of one widget stay in sync
// because each redraws from the model on every change.

import { createBoard, formatClock, updateBoard } from "./board.js";
import { attachInput } from "./input.js";
import { attachKeys } from "./keys.js";
import { createMotion } from "./motion.js";
import { attachPanels } from "./panels.js";

const STATE_KEYS = [
  "code",
  "piles",
  "face_down",
  "foundations",
  "reshuffles_left",
  "reshuffle_label",
  "move_count",
  "can_undo",
  "can_finish",
  "undo_reason",
  "status",
  "message",
  "note",
  "note_tone",
  "lesson_buttons",
  "selected",
  "targets",
  "hint_move",
  "winnability",
  "pending_move",
  "warning",
  "replay_state",
  "elapsed",
  "clock_running",
  "lang",
  "labels",
  "show_labels",
  "teach",
  "four_colour",
  "large",
  "rev",
  "auto_play",
  "variant",
];
const CLOCK_TICK_MS = 500;
const COPIED_MS = 1500;
const MIN_REPLAY_MS = 50;
// Finish plays one foundation move per step, each a little after the last one began
// to fly (motion.js), so the cards go home one after another.
const FINISH_STEP_MS = 120;

function readState(model) {
  const state = {};
  for (const key of STATE_KEYS) state[key] = model.get(key);
  state.labels = state.labels || {};
  state.targets = state.targets || {};
  state.piles = state.piles || [];
  state.face_down = state.face_down || [];
  state.foundations = state.foundations || [];
  state.replay_state = state.replay_state || {};
  state.lesson_buttons = state.lesson_buttons || [];
  return state;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "crescent-widget";
  // Let keys reach the game and keep JupyterLab's context menu off the board. The root
  // takes focus (Tab reaches it) so that its keys work before any card has focus.
  root.setAttribute("data-lm-suppress-shortcuts", "");
  root.setAttribute("data-jp-suppress-context-menu", "");
  root.setAttribute("tabindex", "0");
  root.setAttribute("role", "application");
  el.append(root);
  const view = createBoard(root);

  const send = (type, fields = {}) => model.send({ type, rev: model.get("rev"), ...fields });
  const panels = attachPanels(view, send);
  // Finish: the button (or D) asks Python for the next foundation move after each step
  // is shown, quoting that step's revision, until the game is won or the player does
  // anything else.
  let finishTimer = null;
  let finishing = false;
  const stopFinishing = () => {
    finishing = false;
    clearTimeout(finishTimer);
  };
  const finish = () => {
    if (!model.get("can_finish")) return;
    const offered = model.get("lesson_buttons") || [];
    if (offered.length && !offered.includes("finish")) return; // a lesson's task is not Finish
    finishing = true;
    send("finish");
  };
  const armFinish = (state) => {
    clearTimeout(finishTimer);
    if (!finishing || !state.can_finish) return stopFinishing();
    const rev = state.rev;
    finishTimer = setTimeout(() => {
      if (finishing && model.get("rev") === rev) model.send({ type: "finish", rev });
    }, FINISH_STEP_MS);
  };

  const keys = attachKeys(view, model, send, {
    toggleHelp: panels.toggleHelp,
    helpOpen: panels.isOpen,
    closePanel: panels.closeOpen,
    finish,
  });
  const motion = createMotion(view);
  const input = attachInput(view, model, send, (place) => keys.setCurrent(place, true), motion);

  // The clock: Python publishes seconds played at each update; between updates the
  // view counts on from its own receipt time. A view drawn later (a page reload, a
  // second view) would count on from a stale update, so it asks Python for the game's
  // own clock once, and again whenever the page becomes visible.
  let clockBase = 0;
  let clockFrom = performance.now();
  let clockRunning = false;
  const onCustom = (message) => {
    if (message?.type !== "clock") return;
    clockBase = Number(message.elapsed) || 0;
    clockFrom = performance.now();
    clockRunning = Boolean(message.running);
    showClock();
  };
  model.on("msg:custom", onCustom);
  const askClock = () => {
    if (document.visibilityState !== "hidden") model.send({ type: "clock" });
  };
  document.addEventListener("visibilitychange", askClock);
  const showClock = () => {
    const seconds = clockBase + (clockRunning ? (performance.now() - clockFrom) / 1000 : 0);
    const text = `${model.get("labels")?.time ?? ""} ${formatClock(seconds)}`.trim();
    if (view.clock.textContent !== text) view.clock.textContent = text;
  };
  const timer = setInterval(showClock, CLOCK_TICK_MS);
  askClock();

  // Replay: while playing, ask Python for the next step `delay` seconds after each step
  // is shown. The request quotes the revision it was made at, so Python ignores it if
  // anything happened meanwhile (a click, another view's timer).
  let replayTimer = null;
  const armReplay = (state) => {
    clearTimeout(replayTimer);
    replayTimer = null;
    const replay = state.replay_state;
    if (!replay.playing || replay.step >= replay.total) return;
    const rev = state.rev;
    replayTimer = setTimeout(
      () => {
        replayTimer = null;
        if (model.get("rev") === rev) model.send({ type: "replay_next", rev });
      },
      Math.max(MIN_REPLAY_MS, Number(replay.delay) * 1000 || 0),
    );
  };

  // Announcements: each new one goes into the live region as a fresh node, so that a
  // repeated text is read again. A view does not read out what happened before it existed.
  // The message line flashes with each one, so a repeated refusal is seen to answer too.
  let announced = model.get("announce_id");
  const announce = () => {
    const id = model.get("announce_id");
    if (id === announced) return;
    announced = id;
    if (view.messages.textContent && !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) {
      view.messages.animate?.(
        [{ backgroundColor: "rgba(245, 197, 24, 0.4)" }, { backgroundColor: "transparent" }],
        450,
      );
    }
    const line = document.createElement("p");
    line.textContent = model.get("announcement") || "";
    view.live.replaceChildren(line);
  };

  const update = () => {
    const before = keys.before();
    const state = readState(model);
    motion.before(state); // first: it measures while layout is still clean (no forced reflow)
    root.lang = state.lang || "pl";
    root.dataset.rev = String(state.rev);
    clockBase = Number(state.elapsed) || 0;
    clockFrom = performance.now();
    clockRunning = Boolean(state.clock_running);
    updateBoard(view, state);
    panels.update(state);
    motion.after(state);
    showClock();
    announce();
    armReplay(state);
    armFinish(state);
    input.onStateChange();
    keys.onStateChange(before);
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
  // Button -> the intent it sends.
  const intents = [
    [b.reshuffle, "reshuffle"],
    [b.undo, "undo"],
    [b.newGame, "new_game"],
    [b.hint, "hint"],
    [b.winnable, "winnable"],
    [b.bannerUndo, "undo"],
    [b.bannerNew, "new_game"],
    [b.confirm, "confirm"],
    [b.cancel, "cancel"],
    [b.replayPrev, "replay_prev"],
    [b.replayNext, "replay_next"],
    [b.replayPlay, "replay_play"],
    [b.replayStop, "replay_stop"],
    [b.restart, "restart"],
    [b.replayKeep, "replay_keep"],
    [b.review, "review"],
    [b.reviewTry, "review_try"],
    [b.bannerReview, "review"],
  ];
  for (const [button, type] of intents) on(button, action(type));
  on(b.finish, finish);
  // Keyboard focus follows the pointer (so arrows go on from the last card touched), but
  // its ring is drawn for keyboard players only: a mouse player sees the selection alone.
  const opts = { signal: controller.signal };
  // Any other press or key of the player stops a finish under way.
  root.addEventListener(
    "pointerdown",
    (e) => {
      root.classList.add("cw-pointer");
      if (!b.finish.contains(e.target)) stopFinishing();
    },
    opts,
  );
  root.addEventListener(
    "keydown",
    (e) => {
      root.classList.remove("cw-pointer");
      if (e.key.toLowerCase() !== "d" && !b.finish.contains(e.target)) stopFinishing();
    },
    { ...opts, capture: true },
  );
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
    model.off("msg:custom", onCustom);
    document.removeEventListener("visibilitychange", askClock);
    panels.cleanup();
    clearInterval(timer);
    clearTimeout(copiedTimer);
    clearTimeout(replayTimer);
    stopFinishing();
    controller.abort();
    input.cleanup();
    keys.cleanup();
    motion.cleanup();
    root.remove();
    root.replaceChildren(); // drop the DOM (and its references) along with the view
  };
}

export default { render };
