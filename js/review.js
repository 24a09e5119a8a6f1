// The review's own parts of the board: the replay bar's step counted as the Moves counter
// counts, its Practice button, and the practice bar under the board (which try this is,
// and the position to hand on). Python judges every try; this only shows what it says.

import { element, setText } from "./dom.js";
import { fill } from "./update.js";

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").State} State */
/** @typedef {import("./state.js").Model} Model */

/**
 * The practice bar: shown while a practice is on the board, where a review's bar stands
 * (a practice is no replay, so the two never show together).
 */
export function createPracticeBar() {
  const practiceBar = element("div", "cw-practice", { role: "group" });
  practiceBar.hidden = true;
  const practiceTries = element("span", "cw-practice-tries");
  const practiceCopy = element("button", "cw-button", { type: "button", "data-copy-position": "" });
  practiceBar.append(practiceTries, practiceCopy);
  return { practiceBar, parts: { practiceTries, practiceCopy } };
}

/**
 * The replay bar's counter: the Moves counter's numbering, as on the toolbar (a reshuffle
 * is a step of the replay, but no move).
 * @param {import("./state.js").ReplayState} replay
 * @param {import("./state.js").Labels} labels
 */
export function replayCounter(replay, labels) {
  return fill(labels.replay_step, { n: replay.moves ?? 0, total: replay.total_moves ?? 0 });
}

/**
 * Which try of a practice this is ("Try 2 of 3"); nothing once a try kept the win. After
 * the last try the count stays at the last (the better move is lit then).
 * @param {import("./state.js").PracticeState} practice
 * @param {import("./state.js").Labels} labels
 */
export function practiceTries(practice, labels) {
  if (practice.position === undefined || practice.done) return "";
  const most = Number(practice.most ?? 0);
  return fill(labels.practice_tries, { n: Math.min(Number(practice.tries ?? 0) + 1, most), most });
}

/**
 * The replay bar's counter, its Practice button, and the practice bar.
 * @param {View} view
 * @param {State} state
 */
export function updateReview(view, state) {
  const { labels } = state;
  const replay = state.replay_state || {};
  setText(view.parts.replayStep, replayCounter(replay, labels));
  const practise = view.buttons.practice;
  practise.hidden = !replay.practice;
  // A review's bar holds two buttons more: its counter then takes a row of its own (widget.css).
  view.replay.classList.toggle("cw-review", Boolean(replay.practice));
  setText(practise, labels.practice ?? "");
  practise.title = labels.practice_title ?? "";
  const practice = state.practice_state || {};
  view.practiceBar.hidden = practice.position === undefined;
  setText(view.parts.practiceTries, practiceTries(practice, labels));
  setText(view.parts.practiceCopy, labels.practice_copy ?? "");
}

/**
 * The practice bar's Copy: the position text to the clipboard, to hand on (the
 * browser-only site opens it with ?position=…&task=keep).
 * @param {Model} model
 * @param {View} view
 * @param {AbortSignal} signal
 */
export function wirePractice(model, view, signal) {
  const copy = () => {
    const position = model.get("practice_state")?.position;
    if (position && navigator.clipboard?.writeText) navigator.clipboard.writeText(position).catch(() => {});
  };
  view.parts.practiceCopy.addEventListener("click", copy, { signal });
}
