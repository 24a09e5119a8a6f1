// A lesson on the board: its rule and task as text above the toolbar, "Try again" and
// "Next lesson", only the toolbar buttons of its task, and (when the widget names a
// storage key) the lessons done kept in the browser's localStorage, shared with the page's
// other boards and the browser's other tabs under the same key.
// Python holds the lesson (lesson_panel, lesson_buttons, lessons_done); this draws it.

import { element, setText } from "./dom.js";
import { keepLineRoom } from "./feedback.js";
import { inReplay } from "./state.js";
import { fill } from "./update.js";

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").State} State */
/** @typedef {(type: string, fields?: Record<string, unknown>) => void} Send */

/** @typedef {import("./state.js").Model} Model */

/**
 * @typedef {object} LessonPanel
 * @property {HTMLElement} el
 * @property {HTMLElement} progress
 * @property {HTMLElement} title
 * @property {HTMLElement} rule
 * @property {HTMLElement} task
 * @property {HTMLButtonElement} retry
 * @property {HTMLButtonElement} next
 */

/** @param {string} action */
function lessonButton(action) {
  return element("button", "cw-button cw-lesson-button", { type: "button", "data-lesson-action": action });
}

/**
 * The lesson's panel (hidden until a lesson holds the board), placed above the toolbar.
 * @param {HTMLElement} root
 * @returns {LessonPanel}
 */
export function createLessonPanel(root) {
  const el = element("section", "cw-lesson");
  el.hidden = true;
  const progress = element("p", "cw-lesson-progress");
  const title = element("h3", "cw-lesson-title");
  const rule = element("p", "cw-lesson-rule");
  const task = element("p", "cw-lesson-task");
  const controls = element("div", "cw-lesson-controls");
  const retry = lessonButton("retry");
  const next = lessonButton("next");
  controls.append(retry, next);
  el.append(progress, title, rule, task, controls);
  root.prepend(el);
  return { el, progress, title, rule, task, retry, next };
}

/**
 * Lesson panel state -> DOM; in a lesson only its buttons show (no New game, no Finish).
 * @param {LessonPanel} panel
 * @param {View} view
 * @param {State} state
 */
export function updateLessonPanel(panel, view, state) {
  const lesson = state.lesson_panel;
  const labels = state.labels;
  const inLesson = lesson.number !== undefined;
  panel.el.hidden = !inLesson;
  view.root.classList.toggle("cw-in-lesson", inLesson);
  hideOtherButtons(view, inLesson ? state.lesson_buttons : null);
  // Free play keeps one line's room from a deal's start. A lesson's panel needs the window's
  // height more than an empty line does, and a replay's narration is under the board: there the
  // line takes no room until something is said. Each keeps its room per lesson, deal or replay.
  const replaying = inReplay(state.replay_state);
  const least = inLesson || replaying ? 0 : 1;
  keepLineRoom(view.messages, inLesson ? `lesson ${lesson.number}` : `${state.code} ${replaying}`, least);
  if (!inLesson) return;
  const progress = fill(labels.lesson_progress, { n: lesson.number, count: lesson.count });
  setText(panel.progress, lesson.done ? `${progress} \u00b7 ${labels.lesson_done ?? ""}` : progress);
  panel.el.dataset.done = lesson.done ? "true" : "false";
  setText(panel.title, lesson.title ?? "");
  setText(panel.rule, lesson.rule ?? "");
  setText(panel.task, lesson.task ?? "");
  setText(panel.retry, labels.lesson_retry ?? "");
  setText(panel.next, labels.lesson_next ?? "");
  panel.next.hidden = !lesson.has_next;
  panel.next.classList.toggle("cw-lesson-go", Boolean(lesson.solved));
}

/**
 * The toolbar and banner buttons a lesson does not offer are hidden (not just greyed);
 * `offered` null shows again those this function hid.
 * @param {View} view
 * @param {string[] | null} offered
 */
function hideOtherButtons(view, offered) {
  /** @type {HTMLElement[]} */
  const buttons = [
    ...view.root.querySelectorAll(".cw-actions > button[data-action]"),
    ...view.root.querySelectorAll(".cw-banner button[data-banner-action]"),
  ].filter((el) => el instanceof HTMLElement);
  for (const el of buttons) {
    const action = el.dataset.action ?? el.dataset.bannerAction ?? "";
    if (offered && !offered.includes(action)) {
      el.hidden = true;
      el.dataset.lessonHidden = "";
    } else if (el.dataset.lessonHidden !== undefined) {
      delete el.dataset.lessonHidden;
      // Finish and Review show again when the board next says so; the rest at once.
      if (action !== "finish" && action !== "review") el.hidden = false;
    }
  }
}

/**
 * "Try again" and "Next lesson" send their intents to Python.
 * @param {LessonPanel} panel
 * @param {Send} send
 * @param {AbortSignal} signal
 */
export function attachLessonPanel(panel, send, signal) {
  panel.retry.addEventListener("click", () => send("lesson_retry"), { signal });
  panel.next.addEventListener("click", () => send("lesson_next"), { signal });
}

/**
 * The lesson keys the browser keeps under `key`; nothing when storage is blocked or holds junk.
 * @param {string} key
 * @returns {string[]}
 */
function readStored(key) {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) || "[]");
    return Array.isArray(stored) ? stored.filter((item) => typeof item === "string") : [];
  } catch {
    return []; // storage blocked (private mode, sandboxed frame) or not ours: keep nothing
  }
}

// Boards of one page that share a storage key hear each other's saves through this event
// (the browser's own "storage" event reaches only other pages): a lesson done on one board
// shows as done on the others at once.
const SAVED = "crescent-lessons-saved";

/**
 * With `lesson_storage` set, lessons_done lives in localStorage under that key: the
 * view adds what the browser kept to the model, writes every change back, and adds what
 * other boards and tabs write under the same key. Returns the clean-up of its listeners.
 * @param {Model} model
 */
export function keepLessonsDone(model) {
  /** @returns {string} */
  const key = () => model.get("lesson_storage") || "";
  /** @returns {string[]} */
  const done = () => model.get("lessons_done") || [];
  const save = () => {
    if (!key()) return;
    const value = JSON.stringify(done());
    try {
      // Only a change is told to the other boards: an unchanged save ends their round of merges.
      if (window.localStorage.getItem(key()) === value) return;
      window.localStorage.setItem(key(), value);
    } catch {
      return; // Storage full or blocked: the lessons still work, only the progress is not kept.
    }
    window.dispatchEvent?.(new CustomEvent(SAVED, { detail: key() }));
  };
  /** @param {boolean} writeBack whether a board with nothing new writes its own list back */
  const merge = (writeBack) => {
    if (!key()) return;
    const now = done();
    const merged = [...now, ...readStored(key()).filter((item) => !now.includes(item))];
    if (merged.length === now.length) {
      if (writeBack) save();
      return;
    }
    model.set("lessons_done", merged);
    model.save_changes();
  };
  const load = () => merge(true);
  /** @param {Event} event */
  const heard = (event) => {
    const saved = event instanceof CustomEvent ? event.detail : /** @type {StorageEvent} */ (event).key;
    // Another board's save adds to this one, never the reverse: a board cleared from Python
    // (lessons_done = []) stays cleared in the storage until its neighbours next change.
    if (saved && saved === key()) merge(false);
  };
  model.on("change:lessons_done", save);
  model.on("change:lesson_storage", load);
  window.addEventListener?.(SAVED, heard);
  window.addEventListener?.("storage", heard);
  load();
  return () => {
    model.off("change:lessons_done", save);
    model.off("change:lesson_storage", load);
    window.removeEventListener?.(SAVED, heard);
    window.removeEventListener?.("storage", heard);
  };
}
