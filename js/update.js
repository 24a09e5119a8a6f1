// Bringing the DOM up to date with the model's state, and the texts it puts together
// from Python's templates. Everything shown comes from Python's traits; texts go in with
// textContent only.

import { cardIn, cardText, createCard, updateCard } from "./cards.js";
import { element, setClasses, setText } from "./dom.js";
import { updateNarrowNote } from "./narrow.js";
import { inReplay } from "./state.js";

/** @typedef {import("./board.js").View} View */
/** @typedef {import("./state.js").State} State */
/** @typedef {import("./state.js").Labels} Labels */
/** @typedef {import("./state.js").Entry} Entry */

/**
 * "Ruchy: {n}" -> "Ruchy: 5" (the templates come from Python's i18n catalogue).
 * @param {string | undefined} template
 * @param {Record<string, unknown>} values
 */
export function fill(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

/**
 * "karta" / "karty" / "kart": the word after `count` cards. Python's plural rule forms it
 * for every count a place can hold (labels.cards_counted), so the front end has none.
 * @param {number} count
 * @param {Labels} labels
 * @returns {string}
 */
export function cardsWord(count, labels) {
  return labels.cards_counted?.[count] ?? "";
}

/**
 * Seconds as "mm:ss" (minutes go on past 59).
 * @param {number} seconds
 */
export function formatClock(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/**
 * Source and destination slots of a move text ("13-14", "13-F1"); none for "R" or "".
 * @param {string} text
 */
function moveEnds(text) {
  const parts = String(text || "").split("-");
  return parts.length === 2 ? parts : [];
}

/**
 * @param {HTMLElement} el
 * @param {Entry | undefined} entry
 * @param {number} hidden
 * @param {string} caption
 * @param {Labels} labels
 * @param {boolean} showLabels
 */
function showPlace(el, entry, hidden, caption, labels, showLabels) {
  const [top, count] = Array.isArray(entry) ? entry : ["", 0];
  const place = /** @type {HTMLElement} */ (el.firstElementChild);
  // Face-down cards (the face-down deal) show as a back peeking out under the top card;
  // their faces are never sent to the browser.
  // A badge on the card's corner counts them (the slot's aria-label says it in words).
  /** @type {HTMLElement | null} */
  let backs = place.querySelector(".cw-backs");
  if (hidden > 0 && !backs) {
    backs = element("div", "cw-backs", { "aria-hidden": "true" });
    place.prepend(backs);
    place.append(element("span", "cw-down-count", { "aria-hidden": "true" }));
  }
  if (backs) {
    const badge = /** @type {HTMLElement} */ (place.querySelector(".cw-down-count"));
    backs.hidden = badge.hidden = !(hidden > 0);
    setText(badge, hidden > 0 ? String(hidden) : "");
  }
  let card = cardIn(place);
  if (top) {
    if (!card) {
      card = createCard();
      // Under the face-down badge, if there is one.
      place.insertBefore(card, place.querySelector(".cw-down-count"));
    }
    updateCard(card, top, labels.ranks);
  } else if (card) {
    card.remove();
  }
  el.classList.toggle("cw-empty", !top);
  const captionEl = /** @type {HTMLElement} */ (el.lastElementChild);
  setText(captionEl, `${caption} \u00d7${count}`);
  captionEl.hidden = !showLabels;
  return { top, count };
}

/**
 * "Stos 10: A♠, 6 kart" / "Pile 10: empty", plus the place's state.
 * @param {"pile" | "foundation"} kind
 * @param {string} name
 * @param {{top: string, count: number}} shown
 * @param {number} hidden
 * @param {Labels} labels
 * @param {{selected: boolean, target: boolean, hint: boolean}} flags
 */
export function accessibleName(kind, name, shown, hidden, labels, flags) {
  const key = kind === "pile" ? "pile" : "foundation";
  let text = shown.top
    ? fill(labels[`${key}_named`], {
        n: name,
        name,
        card: cardText(shown.top, labels.ranks),
        count: shown.count,
        cards: cardsWord(shown.count, labels),
      })
    : fill(labels[`${key}_empty`], { n: name, name });
  if (hidden > 0) text += fill(labels.face_down_count, { n: hidden });
  if (flags.selected) text += labels.state_selected ?? "";
  if (flags.target) text += labels.state_target ?? "";
  if (flags.hint) text += labels.state_hint ?? "";
  return text;
}

/**
 * The buttons whose text is a label as it stands, and its key in Python's labels (the
 * others' texts change with the state: below).
 * @type {Record<string, string>}
 */
const BUTTON_LABELS = {
  undo: "undo",
  newGame: "new_game",
  restart: "restart",
  hint: "hint",
  finish: "finish",
  winnable: "winnable_ask",
  review: "review",
  helpClose: "close",
  cancelSearch: "cancel_search",
  confirm: "confirm",
  cancel: "cancel",
  bannerUndo: "undo_last",
  bannerReview: "review",
  bannerNew: "new_game",
  replayPrev: "replay_prev",
  replayNext: "replay_next",
  reviewTry: "review_try",
  replayKeep: "replay_keep",
  replayStop: "replay_stop",
};

/**
 * Bring the whole DOM up to date with the model state (cheap when little changed).
 * @param {View} view
 * @param {State} state
 */
export function updateBoard(view, state) {
  const replaying = inReplay(state.replay_state);
  updatePlaces(view, state);
  updateToolbar(view, state, replaying);
  updateMessages(view, state, replaying);
  updateLesson(view, state, replaying);
  updateReplay(view, state, replaying);
  updateHelp(view, state.labels);
  updateOverlay(view, state);
  updateNarrowNote(view.narrowNote, state.labels);
  const buttons = /** @type {Record<string, HTMLElement>} */ (view.buttons);
  for (const [name, key] of Object.entries(BUTTON_LABELS)) setText(buttons[name], state.labels[key] ?? "");
  const root = view.root;
  setAttr(root, "aria-label", state.labels.game_name ?? "");
  setClasses(root, {
    "cw-over": state.status !== "playing",
    "cw-won": state.status === "won",
    "cw-four-colour": state.four_colour,
    "cw-large": state.large,
    "cw-teach": state.teach,
    "cw-replaying": replaying,
    "cw-no-captions": !state.show_labels,
  });
}

/**
 * Every pile and foundation: its cards, caption, accessible name, and what lights it up.
 * @param {View} view
 * @param {State} state
 */
function updatePlaces(view, state) {
  const { labels } = state;
  const selected = state.selected;
  const targets = new Set((selected && state.targets[selected]) || []);
  const [hintSrc, hintDst] = moveEnds(state.hint_move);
  const pending = new Set(moveEnds(state.pending_move));
  /** @type {(readonly ["pile" | "foundation", HTMLElement, string, Entry | undefined, number])[]} */
  const places = [
    ...view.piles.map(
      (el, i) => /** @type {const} */ (["pile", el, String(i + 1), state.piles[i], state.face_down[i] || 0]),
    ),
    ...view.foundations.map((el, i) => /** @type {const} */ (["foundation", el, `F${i + 1}`, state.foundations[i], 0])),
  ];
  for (const [kind, el, name, entry, hidden] of places) {
    const shown = showPlace(el, entry, hidden, name, labels, state.show_labels);
    const flags = {
      selected: selected === name,
      target: targets.has(name),
      hint: name === hintSrc || name === hintDst,
    };
    setAttr(el, "aria-label", accessibleName(kind, name, shown, hidden, labels, flags));
    setClasses(el, {
      "cw-selected": flags.selected,
      "cw-target": flags.target,
      "cw-hint": flags.hint,
      "cw-hint-src": name === hintSrc,
      "cw-hint-dst": name === hintDst,
      "cw-pending": pending.has(name),
      "cw-movable": name in state.targets,
    });
  }
}

/**
 * The toolbar's buttons and the game's facts (code, moves; the clock ticks in widget.js).
 * @param {View} view
 * @param {State} state
 * @param {boolean} replaying
 */
function updateToolbar(view, state, replaying) {
  const { labels } = state;
  const b = view.buttons;
  const over = state.status !== "playing";
  setText(b.reshuffle, state.reshuffle_label);
  b.reshuffle.disabled = state.reshuffles_left <= 0 || state.status === "won" || replaying;
  b.reshuffle.classList.toggle("cw-hint", state.hint_move === "R");
  b.undo.disabled = !state.can_undo;
  b.redo.disabled = !state.can_redo;
  b.redo.hidden = replaying; // nothing to redo in a replay, where the toolbar needs its room
  // A greyed-out Undo says why (e.g. moves before a reshuffle cannot be taken back).
  setAttr(b.undo, "title", state.undo_reason ?? "");
  setAttr(b.undo, "aria-description", state.undo_reason ?? "");
  b.hint.disabled = replaying || over;
  // Offered only while Python says the rest is a plain run of foundation moves.
  b.finish.hidden = !state.can_finish;
  b.winnable.disabled = replaying || over;
  // The review works on any game with a record: offered here, and on the end-of-game banner.
  setAttr(b.review, "title", labels.review_title ?? "");
  // Shown once there is a game to review (a fresh deal keeps the toolbar to one row).
  b.review.hidden = state.move_count === 0 && !replaying;
  b.review.disabled = replaying;
  for (const opener of [b.help, b.stats, b.settings, b.redo]) {
    const name = labels[opener.dataset.action ?? ""] ?? "";
    setAttr(opener, "aria-label", name);
    setAttr(opener, "title", name);
  }

  const [prefix, suffix] = String(labels.code ?? "{code}").split("{code}");
  setText(view.parts.codePrefix, prefix ?? "");
  setText(view.parts.codeSuffix, suffix ?? "");
  setText(view.codeValue, state.code || labels.custom_position || "");
  view.codeValue.classList.toggle("cw-custom", !state.code);
  setText(view.copy, labels.copy ?? "");
  view.copy.hidden = !state.code;
  setText(view.parts.moves, fill(labels.moves, { n: state.move_count }));
  view.clock.style.visibility = replaying ? "hidden" : ""; // keeps its room: the toolbar does not reflow
}

/**
 * One line: the refusal, else the verdict, else the note (Python keeps one at a time;
 * the order only matters for a note written by notebook code).
 * @param {View} view
 * @param {State} state
 * @param {boolean} replaying
 */
function updateMessages(view, state, replaying) {
  const { labels } = state;
  const verdict = state.winnability ? (labels[`winnable_${state.winnability}`] ?? "") : "";
  // A loss comes with why (the note holds it): said on the same line, after the verdict.
  setText(view.parts.winnability, state.winnability === "lost" && state.note ? `${verdict} ${state.note}` : verdict);
  view.parts.winnability.dataset.verdict = state.winnability || "";
  setText(view.status, state.message);
  const note = state.message || state.winnability ? "" : state.note;
  // A replay's narration (a review's explanation) goes with its controls, under the board.
  setText(view.note, replaying ? "" : note);
  view.note.hidden = !view.note.textContent;
  setText(view.parts.replayNote, replaying ? note : "");
  view.parts.replayNote.hidden = !view.parts.replayNote.textContent;
  view.parts.winnability.hidden = Boolean(state.message) || !state.winnability;
  // A background search takes the line while it runs: what it does, how far, and Stop.
  const searching = Boolean(state.search);
  view.search.hidden = !searching;
  setText(view.parts.searchText, state.search);
  // A refusal made meanwhile is still said at once, beside the search's line.
  view.status.hidden = searching && !state.message;
  if (searching) view.note.hidden = view.parts.winnability.hidden = true;
}

/**
 * Whether a good part of the view is in the window: only such a view may scroll the page
 * (another view of the same widget, further down the notebook, perhaps its top edge peeking
 * out under a host's status bar, must not pull the page away from the one in use).
 * @param {View} view
 */
function inUse(view) {
  const box = view.root.getBoundingClientRect();
  const height = window.innerHeight;
  return Math.min(box.bottom, height) - Math.max(box.top, 0) >= height / 3;
}

/**
 * Bring `el` of a view in use wholly into sight, scrolling as little as it takes (nothing when
 * it shows already).
 * @param {View} view
 * @param {HTMLElement} el
 */
function bringIntoSight(view, el) {
  if (inUse(view) && !el.hidden) el.scrollIntoView({ block: "nearest" });
}

/**
 * A review or replay opens with its controls and narration in sight, and the whole board
 * too when the window is tall enough (the board keeps its size: widget.css); in a
 * shorter window the controls win, and the page scrolls under the board. Leaving
 * it brings the board's top back: the toolbar, and the note that says what happened.
 * Only a view in use scrolls (inUse).
 * @param {View} view
 * @param {boolean} opening
 */
function bringReplayIntoSight(view, opening) {
  if (!inUse(view)) return;
  if (opening) view.replay.scrollIntoView({ block: "nearest" });
  view.root.scrollIntoView({ block: "nearest" }); // all of it, if it fits: else nothing moves
  if (!opening) view.toolbar.scrollIntoView({ block: "nearest" });
}

/**
 * The replay bar, shown in replay (and review) mode only.
 * @param {View} view
 * @param {State} state
 * @param {boolean} replaying
 */
function updateReplay(view, state, replaying) {
  const { labels } = state;
  const b = view.buttons;
  const replay = state.replay_state || {};
  // Opening or closing: the page follows at the next frame, once the layout has changed.
  if (replaying === Boolean(view.replay.hidden)) requestAnimationFrame(() => bringReplayIntoSight(view, replaying));
  view.replay.hidden = !replaying;
  if (!replaying) return;
  setText(b.replayPlay, replay.playing ? (labels.replay_pause ?? "") : (labels.replay_play ?? ""));
  setAttr(b.replayPlay, "aria-pressed", replay.playing ? "true" : "false");
  b.reviewTry.hidden = !replay.better;
  b.replayPrev.disabled = Number(replay.step) <= 0;
  b.replayNext.disabled = Number(replay.step) >= Number(replay.total);
}

/**
 * The help panel's lists, one line of Python's text an item; a line ending in ":" heads
 * the list after it.
 * @param {View} view
 * @param {import("./state.js").Labels} labels
 */
function updateHelp(view, labels) {
  setText(view.parts.helpTitle, labels.help ?? "");
  const box = view.parts.helpList;
  if (box.dataset.text === labels.help_keys) return;
  box.dataset.text = labels.help_keys ?? "";
  box.replaceChildren();
  let list = box.appendChild(element("ul", "cw-help-list"));
  for (const line of String(labels.help_keys ?? "").split("\n")) {
    if (line.endsWith(":")) {
      box.appendChild(element("p", "cw-help-title")).textContent = line.slice(0, -1);
      list = box.appendChild(element("ul", "cw-help-list"));
    } else {
      list.appendChild(element("li")).textContent = line;
    }
  }
}

/**
 * The overlay below the foundations: the teaching mode's warning, or the end-of-game banner.
 * @param {View} view
 * @param {State} state
 */
function updateOverlay(view, state) {
  const { labels } = state;
  const b = view.buttons;
  const over = state.status !== "playing";
  view.warning.hidden = !state.pending_move;
  setText(view.parts.warningText, state.warning);
  // Put away with its × (widget.js), the banner stays away until the game ends again. When the
  // game has just ended, the banner is brought into sight (the page follows at the next frame).
  if (over && view.banner.hidden && view.banner.dataset.dismissed !== "1") {
    requestAnimationFrame(() => bringIntoSight(view, view.banner));
  }
  if (!over) delete view.banner.dataset.dismissed;
  view.banner.hidden = !over || view.banner.dataset.dismissed === "1";
  view.banner.classList.toggle("cw-won", state.status === "won");
  setText(view.parts.bannerText, state.status === "won" ? labels.won : over ? labels.blocked : "");
  // The win's moves and time, from the same figures as the toolbar's counters; a lesson has no clock.
  const moves = fill(labels.moves, { n: state.move_count });
  const inLesson = state.lesson_panel.number !== undefined;
  const facts = inLesson ? moves : `${moves} \u00b7 ${labels.time ?? ""} ${formatClock(state.elapsed)}`;
  setText(view.parts.bannerFacts, state.status === "won" ? facts : "");
  view.parts.bannerFacts.hidden = state.status !== "won";
  // The player's wins and streak in this variant, this win counted (Python's words).
  const record = state.status === "won" ? (state.stats_panel.record ?? "") : "";
  setText(view.parts.bannerRecord, record);
  view.parts.bannerRecord.hidden = !record;
  setAttr(b.bannerClose, "aria-label", labels.close ?? "");
  setAttr(b.bannerClose, "title", labels.close ?? "");
  b.bannerUndo.hidden = state.status !== "blocked" || !state.can_undo;
  b.bannerReview.hidden = false; // a lesson's board hides it again (lesson.js runs after this)
  view.overlay.hidden = view.warning.hidden && view.banner.hidden;
}

/**
 * Restart, why Undo is greyed out, a verdict's tone, and in a lesson the buttons of its
 * task only: every other toolbar button is greyed out, and Finish is not offered.
 * @param {View} view
 * @param {State} state
 * @param {boolean} replaying
 */
function updateLesson(view, state, replaying) {
  const { labels } = state;
  const b = view.buttons;
  setAttr(b.restart, "title", labels.restart_title ?? "");
  b.restart.disabled = replaying;
  // "Nothing to undo" at the start says nothing new; after a reshuffle the reason matters.
  const why = !state.can_undo && state.move_count > 0 && !replaying ? state.undo_reason || "" : "";
  setText(view.undoWhy, why);
  view.undoWhy.hidden = !why;
  view.note.dataset.tone = state.note_tone || "";
  const offered = state.lesson_buttons || [];
  // The buttons updateBoard never greys out: lit again once no lesson holds the board.
  for (const el of [b.newGame, b.help, b.finish, b.stats, b.settings]) el.disabled = false;
  if (offered.length) {
    /** @type {NodeListOf<HTMLButtonElement>} */
    const buttons = view.root.querySelectorAll(".cw-actions > button[data-action]");
    for (const el of buttons) {
      if (!offered.includes(el.dataset.action ?? "")) el.disabled = true;
    }
    b.finish.hidden = true;
  }
}

/**
 * @param {Element} el
 * @param {string} name
 * @param {string} value
 */
function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}
