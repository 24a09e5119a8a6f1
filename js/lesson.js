// A lesson on the board: its rule and task as text above the toolbar, "Try again" and
// "Next lesson", only the toolbar buttons of its task, and (when the widget names a
// storage key) the lessons done kept in the browser's localStorage.
// Python holds the lesson (lesson_panel, lesson_buttons, lessons_done); this draws it.

function part(tag, className) {
  const el = document.createElement(tag);
  el.className = className;
  return el;
}

function lessonButton(action) {
  const el = part("button", "cw-button cw-lesson-button");
  el.type = "button";
  el.dataset.lessonAction = action;
  return el;
}

/** The lesson's panel (hidden until a lesson holds the board), placed above the toolbar. */
export function createLessonPanel(root) {
  const el = part("section", "cw-lesson");
  el.hidden = true;
  const progress = part("p", "cw-lesson-progress");
  const title = part("h3", "cw-lesson-title");
  const rule = part("p", "cw-lesson-rule");
  const task = part("p", "cw-lesson-task");
  const controls = part("div", "cw-lesson-controls");
  const retry = lessonButton("retry");
  const next = lessonButton("next");
  controls.append(retry, next);
  el.append(progress, title, rule, task, controls);
  root.prepend(el);
  return { el, progress, title, rule, task, retry, next };
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/** Lesson panel state -> DOM; in a lesson only its buttons show (no New game, no Finish). */
export function updateLessonPanel(panel, view, state) {
  const lesson = state.lesson_panel || {};
  const labels = state.labels || {};
  const inLesson = lesson.number !== undefined;
  panel.el.hidden = !inLesson;
  view.root.classList.toggle("cw-in-lesson", inLesson);
  hideOtherButtons(view, inLesson ? state.lesson_buttons || [] : null);
  if (!inLesson) return;
  const progress = String(labels.lesson_progress ?? "")
    .replace("{n}", String(lesson.number))
    .replace("{count}", String(lesson.count));
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

// The toolbar and banner buttons a lesson does not offer are hidden (not just greyed);
// `offered` null shows again those this function hid.
function hideOtherButtons(view, offered) {
  const buttons = [
    ...view.root.querySelectorAll(".cw-actions > button[data-action]"),
    ...view.root.querySelectorAll(".cw-banner button[data-banner-action]"),
  ];
  for (const el of buttons) {
    const action = el.dataset.action ?? el.dataset.bannerAction;
    if (offered && !offered.includes(action)) {
      el.hidden = true;
      el.dataset.lessonHidden = "";
    } else if (el.dataset.lessonHidden !== undefined) {
      delete el.dataset.lessonHidden;
      // Finish and Review show again when updateBoard next says so; the rest at once.
      if (action !== "finish" && action !== "review") el.hidden = false;
    }
  }
}

/** "Try again" and "Next lesson" send their intents to Python. */
export function attachLessonPanel(panel, send, signal) {
  panel.retry.addEventListener("click", () => send("lesson_retry"), { signal });
  panel.next.addEventListener("click", () => send("lesson_next"), { signal });
}

function readStored(key) {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) || "[]");
    return Array.isArray(stored) ? stored.filter((item) => typeof item === "string") : [];
  } catch {
    return []; // storage blocked (private mode, sandboxed frame) or not ours: keep nothing
  }
}

/**
 * With `lesson_storage` set, lessons_done lives in localStorage under that key: the
 * view adds what the browser kept to the model, and writes every change back.
 */
export function keepLessonsDone(model) {
  const key = () => model.get("lesson_storage") || "";
  const save = () => {
    if (!key()) return;
    try {
      window.localStorage.setItem(key(), JSON.stringify(model.get("lessons_done") || []));
    } catch {
      // Storage full or blocked: the lessons still work, only the progress is not kept.
    }
  };
  const load = () => {
    if (!key()) return;
    const done = model.get("lessons_done") || [];
    const merged = [...done, ...readStored(key()).filter((item) => !done.includes(item))];
    if (merged.length !== done.length) {
      model.set("lessons_done", merged);
      model.save_changes();
    } else save();
  };
  model.on("change:lessons_done", save);
  model.on("change:lesson_storage", load);
  load();
  return () => {
    model.off("change:lessons_done", save);
    model.off("change:lesson_storage", load);
  };
}
