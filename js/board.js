// Layout of the horseshoe and the controls, and the function that brings the DOM up to
// date with the model. Everything shown comes from Python's traits; texts go in with
// textContent only.

import { cardText, createCard, updateCard } from "./cards.js";
import { createNarrowNote, updateNarrowNote } from "./narrow.js";

/** @typedef {import("./state.js").State} State */
/** @typedef {import("./state.js").Labels} Labels */
/** @typedef {import("./state.js").Entry} Entry */
/** @typedef {ReturnType<typeof createBoard>} View */

/**
 * Grid position [row, column] of pile 1–16 in a 5-row, 10-column grid.
 * @param {number} pile
 * @returns {[number, number]}
 */
export function pileCell(pile) {
  if (pile <= 4) return [6 - pile, 1]; // left side, pile 1 at the bottom
  if (pile <= 12) return [1, pile - 3]; // top row, 5–12 left to right
  return [pile - 11, 10]; // right side, 13 at the top
}

/**
 * The compact horseshoe of a narrow board, 8 columns wide: the same U, with the sides
 * tucked under the ends of the top row instead of beside them (so cards stay large).
 * @param {number} pile
 * @returns {[number, number]}
 */
export function compactPileCell(pile) {
  if (pile <= 4) return [6 - pile, 1];
  if (pile <= 12) return [1, pile - 4];
  return [pile - 11, 8];
}

/**
 * Where each place sits on screen, as [row, column] of the 5 × 10 board grid (the
 * foundations, in the middle, are given the grid cells they appear over). Arrow keys
 * move focus by these coordinates.
 * @param {string} place
 * @returns {[number, number]}
 */
export function placeCell(place) {
  if (place[0] === "F") {
    const i = Number(place.slice(1));
    return [i <= 4 ? 3 : 4, ((i - 1) % 4) + 4];
  }
  return pileCell(Number(place));
}

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {Record<string, string>} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(tag, className, attrs = {}) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

/**
 * @param {string} action
 * @param {string} [className]
 */
function button(action, className = "cw-button") {
  return element("button", className, { type: "button", "data-action": action });
}

/** @param {Record<string, string>} attrs */
function slot(attrs) {
  const el = element("div", "cw-slot", { tabindex: "-1", role: "button", ...attrs });
  el.append(element("div", "cw-place"), element("div", "cw-caption", { "aria-hidden": "true" }));
  return el;
}

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

let helpIds = 0;

/**
 * Build the static skeleton inside `root`; returns the parts the other modules use.
 * @param {HTMLElement} root
 */
export function createBoard(root) {
  const toolbar = element("div", "cw-toolbar");
  const reshuffle = button("reshuffle");
  const undo = button("undo");
  const newGame = button("new-game");
  const restart = button("restart");
  const hint = button("hint");
  const finish = button("finish");
  finish.hidden = true;
  const winnable = button("winnable");
  const review = button("review");
  const helpId = `cw-help-${++helpIds}`;
  const settingsId = `cw-settings-${helpIds}`;
  const settings = button("settings", "cw-button cw-settings-button");
  settings.setAttribute("aria-expanded", "false");
  settings.setAttribute("aria-controls", settingsId);
  settings.textContent = "\u2699"; // ⚙
  const help = button("help", "cw-button cw-help-button");
  help.setAttribute("aria-expanded", "false");
  help.setAttribute("aria-controls", helpId);
  help.textContent = "?";
  const codeBox = element("span", "cw-code");
  const codePrefix = element("span", "cw-code-label");
  const codeValue = element("span", "cw-code-value");
  const codeSuffix = element("span", "cw-code-label");
  const copy = element("button", "cw-button cw-copy", { type: "button", "data-copy": "" });
  codeBox.append(codePrefix, codeValue, codeSuffix, copy);
  const moves = element("span", "cw-moves");
  const clock = element("span", "cw-clock", { "aria-live": "off" });
  // Two groups that wrap as wholes: the buttons, then the game's facts (code, moves,
  // clock), so a narrow notebook gets two tidy rows rather than a stray clock.
  const actions = element("div", "cw-actions");
  actions.append(reshuffle, undo, newGame, restart, hint, finish, winnable, review, settings, help);
  // Why Undo is greyed out (after a reshuffle, past the undo limit), said on the board.
  const undoWhy = element("span", "cw-undo-why");
  undoWhy.hidden = true;
  actions.append(undoWhy);
  const info = element("div", "cw-info");
  const counters = element("span", "cw-counters");
  counters.append(moves, clock);
  info.append(codeBox, counters);
  toolbar.append(actions, info);

  const board = element("div", "cw-board");
  const piles = [];
  for (let pile = 1; pile <= 16; pile++) {
    const el = slot({ "data-pile": String(pile) });
    // The stylesheet picks the wide or the compact cell by the board's own width.
    const [row, column] = pileCell(pile);
    const [compactRow, compactColumn] = compactPileCell(pile);
    el.style.setProperty("--cw-row", String(row));
    el.style.setProperty("--cw-column", String(column));
    el.style.setProperty("--cw-compact-row", String(compactRow));
    el.style.setProperty("--cw-compact-column", String(compactColumn));
    piles.push(el);
  }
  const foundationArea = element("div", "cw-foundations", { "data-foundation-area": "" });
  const foundations = [];
  for (let i = 1; i <= 8; i++) {
    const el = slot({ "data-foundation": `F${i}` });
    el.classList.add("cw-foundation");
    // Aces row F1–F4 over the Kings row F5–F8, in the middle four columns (widget.css).
    foundations.push(el);
  }
  foundationArea.append(...foundations);
  // The end-of-game banner and the teaching mode's warning sit on the felt below the
  // foundations (an empty band of the horseshoe), where the eye already is, without
  // covering a card.
  const overlay = element("div", "cw-overlay");
  overlay.hidden = true;
  board.append(...piles, foundationArea, overlay);

  // Replay controls: shown in replay mode only, under the board (entering a replay moves
  // nothing on it).
  const replay = element("div", "cw-replay", { role: "group" });
  replay.hidden = true;
  const replayPrev = button("replay-prev");
  const replayPlay = button("replay-play");
  const replayNext = button("replay-next");
  const replayStep = element("span", "cw-replay-step");
  const replayStop = button("replay-stop");
  const replayKeep = button("replay-keep");
  const reviewTry = button("review-try");
  reviewTry.hidden = true;
  replay.append(replayPrev, replayPlay, replayNext, replayStep, reviewTry, replayKeep, replayStop);

  // The refusal message keeps role="status" (a documented hook) but is not read out
  // itself: the live region below announces refusals with everything else, once.
  const status = element("div", "cw-status", { role: "status", "aria-live": "off" });
  const winnability = element("div", "cw-winnability");
  const note = element("div", "cw-note", { "aria-live": "polite" });
  // One line of feedback at the top of the board, where the eyes are: the newest of
  // refusal, verdict and note (Python keeps only one). It keeps its room when empty, so
  // that a message appearing does not push the board around.
  const messages = element("div", "cw-messages", { "data-line": "" });
  messages.append(status, winnability, note);
  const warning = element("div", "cw-warning", { role: "group" });
  warning.hidden = true;
  const warningText = element("p", "cw-warning-text");
  const confirm = button("confirm");
  const cancel = button("cancel");
  warning.append(warningText, confirm, cancel);
  // Help and settings open as panels over the board, in view wherever the board is.
  const helpPanel = element("div", "cw-panel cw-help", { id: helpId, role: "dialog", tabindex: "-1" });
  helpPanel.hidden = true;
  const helpTitle = element("p", "cw-help-title");
  const helpList = element("ul", "cw-help-list");
  const helpClose = element("button", "cw-button cw-panel-close", { type: "button", "data-close": "help" });
  helpPanel.append(helpClose, helpTitle, helpList);
  const settingsPanel = element("div", "cw-panel cw-settings", { id: settingsId, role: "dialog", tabindex: "-1" });
  settingsPanel.hidden = true;
  const live = element("div", "cw-live cw-sr-only", { "aria-live": "polite", "aria-atomic": "true", "data-live": "" });
  // The end of the game is announced by the live region, so the banner is not an alert.
  const banner = element("div", "cw-banner");
  banner.hidden = true;
  const bannerText = element("p", "cw-banner-text");
  const bannerUndo = element("button", "cw-button", { type: "button", "data-banner-action": "undo" });
  const bannerNew = element("button", "cw-button", { type: "button", "data-banner-action": "new-game" });
  const bannerReview = element("button", "cw-button", { type: "button", "data-banner-action": "review" });
  banner.append(bannerText, bannerUndo, bannerReview, bannerNew);

  const bannerFacts = element("p", "cw-banner-facts");
  banner.insertBefore(bannerFacts, bannerUndo);
  overlay.append(warning, banner);
  const stage = element("div", "cw-stage");
  stage.append(board, helpPanel, settingsPanel);
  const narrowNote = createNarrowNote();
  root.append(toolbar, messages, narrowNote, stage, replay, live);
  return {
    root,
    board,
    piles,
    foundations,
    foundationArea,
    status,
    note,
    warning,
    helpPanel,
    settingsPanel,
    live,
    banner,
    clock,
    copy,
    codeValue,
    replay,
    overlay,
    messages,
    narrowNote,
    buttons: {
      reshuffle,
      undo,
      newGame,
      hint,
      finish,
      winnable,
      help,
      settings,
      helpClose,
      bannerUndo,
      bannerNew,
      confirm,
      cancel,
      replayPrev,
      replayPlay,
      replayNext,
      replayStop,
      restart,
      replayKeep,
      review,
      reviewTry,
      bannerReview,
    },
    undoWhy,
    parts: {
      codePrefix,
      codeSuffix,
      moves,
      bannerText,
      bannerFacts,
      winnability,
      warningText,
      replayStep,
      helpTitle,
      helpList,
    },
  };
}

/**
 * The place a slot element stands for ("13", "F1"), or null for anything else.
 * @param {Element | null | undefined} slotEl
 * @returns {string | null}
 */
export function placeOf(slotEl) {
  const data = /** @type {HTMLElement | null | undefined} */ (slotEl)?.dataset;
  return data?.pile ?? data?.foundation ?? null;
}

/**
 * The slot element of a place name ("3", "F1"), or null.
 * @param {{piles: HTMLElement[], foundations: HTMLElement[]}} view
 * @param {unknown} place
 * @returns {HTMLElement | null}
 */
export function slotOf(view, place) {
  if (typeof place !== "string" || place === "") return null;
  if (place[0] === "F") return view.foundations[Number(place.slice(1)) - 1] ?? null;
  return view.piles[Number(place) - 1] ?? null;
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
 * @param {Element} el
 * @param {string} text
 */
function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
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
  /** @type {HTMLElement | null} */
  let card = place.querySelector(".cw-card:not(.cw-stand-in)"); // not motion's stand-ins
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
 * Bring the whole DOM up to date with the model state (cheap when little changed).
 * @param {View} view
 * @param {State} state
 */
export function updateBoard(view, state) {
  const { labels } = state;
  const selected = state.selected;
  const targets = new Set((selected && state.targets[selected]) || []);
  const [hintSrc, hintDst] = moveEnds(state.hint_move);
  const pending = new Set(moveEnds(state.pending_move));
  const replay = state.replay_state || {};
  const replaying = replay.total !== undefined;
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
    el.classList.toggle("cw-selected", flags.selected);
    el.classList.toggle("cw-target", flags.target);
    el.classList.toggle("cw-hint", flags.hint);
    el.classList.toggle("cw-hint-src", name === hintSrc);
    el.classList.toggle("cw-hint-dst", name === hintDst);
    el.classList.toggle("cw-pending", pending.has(name));
    el.classList.toggle("cw-movable", name in state.targets);
  }

  const b = view.buttons;
  const over = state.status !== "playing";
  setText(b.reshuffle, state.reshuffle_label);
  b.reshuffle.disabled = state.reshuffles_left <= 0 || state.status === "won" || replaying;
  b.reshuffle.classList.toggle("cw-hint", state.hint_move === "R");
  setText(b.undo, labels.undo ?? "");
  b.undo.disabled = !state.can_undo;
  // A greyed-out Undo says why (e.g. moves before a reshuffle cannot be taken back).
  setAttr(b.undo, "title", state.undo_reason ?? "");
  setAttr(b.undo, "aria-description", state.undo_reason ?? "");
  setText(b.newGame, labels.new_game ?? "");
  setText(b.hint, labels.hint ?? "");
  b.hint.disabled = replaying || over;
  // Offered only while Python says the rest is a plain run of foundation moves.
  setText(b.finish, labels.finish ?? "");
  b.finish.hidden = !state.can_finish;
  setText(b.winnable, labels.winnable_ask ?? "");
  b.winnable.disabled = replaying || over;
  // The review works on any game with a record: offered here, and on the end-of-game banner.
  setText(b.review, labels.review ?? "");
  setAttr(b.review, "title", labels.review_title ?? "");
  // Shown once there is a game to review (a fresh deal keeps the toolbar to one row).
  b.review.hidden = state.move_count === 0 && !replaying;
  b.review.disabled = replaying;
  setText(b.bannerReview, labels.review ?? "");
  setAttr(b.help, "aria-label", labels.help ?? "");
  setAttr(b.help, "title", labels.help ?? "");
  setAttr(b.settings, "aria-label", labels.settings ?? "");
  setAttr(b.settings, "title", labels.settings ?? "");
  setText(b.helpClose, labels.close ?? "");
  const verdict = state.winnability ? (labels[`winnable_${state.winnability}`] ?? "") : "";
  // A loss comes with why (the note holds it): said on the same line, after the verdict.
  setText(view.parts.winnability, state.winnability === "lost" && state.note ? `${verdict} ${state.note}` : verdict);
  view.parts.winnability.dataset.verdict = state.winnability || "";

  const [prefix, suffix] = String(labels.code ?? "{code}").split("{code}");
  setText(view.parts.codePrefix, prefix ?? "");
  setText(view.parts.codeSuffix, suffix ?? "");
  setText(view.codeValue, state.code || labels.custom_position || "");
  view.codeValue.classList.toggle("cw-custom", !state.code);
  setText(view.copy, labels.copy ?? "");
  view.copy.hidden = !state.code;
  setText(view.parts.moves, fill(labels.moves, { n: state.move_count }));
  view.clock.style.visibility = replaying ? "hidden" : ""; // keeps its room: the toolbar does not reflow

  // One line: the refusal, else the verdict, else the note (Python keeps one at a time;
  // the order only matters for a note written by notebook code).
  setText(view.status, state.message);
  setText(view.note, state.message || state.winnability ? "" : state.note);
  view.note.hidden = !view.note.textContent;
  view.parts.winnability.hidden = Boolean(state.message) || !state.winnability;
  updateLesson(view, state);

  view.warning.hidden = !state.pending_move;
  setText(view.parts.warningText, state.warning);
  setText(b.confirm, labels.confirm ?? "");
  setText(b.cancel, labels.cancel ?? "");

  const opening = replaying && view.replay.hidden;
  view.replay.hidden = !replaying;
  // A review or replay opens with its controls in sight: below a board taller than the
  // window they would sit under the fold (scrolling moves the page, not the layout).
  if (opening) requestAnimationFrame(() => view.replay.scrollIntoView({ block: "nearest" }));
  if (replaying) {
    setText(b.replayPrev, labels.replay_prev ?? "");
    setText(b.replayNext, labels.replay_next ?? "");
    setText(b.replayPlay, replay.playing ? (labels.replay_pause ?? "") : (labels.replay_play ?? ""));
    setAttr(b.replayPlay, "aria-pressed", replay.playing ? "true" : "false");
    setText(b.replayStop, labels.replay_stop ?? "");
    setText(b.replayKeep, labels.replay_keep ?? "");
    setText(b.reviewTry, labels.review_try ?? "");
    b.reviewTry.hidden = !replay.better;
    setText(view.parts.replayStep, fill(labels.replay_step, { n: replay.step, total: replay.total }));
    b.replayPrev.disabled = Number(replay.step) <= 0;
    b.replayNext.disabled = Number(replay.step) >= Number(replay.total);
  }

  setText(view.parts.helpTitle, labels.help ?? "");
  const keys = String(labels.help_keys ?? "").split("\n");
  const list = view.parts.helpList;
  if (list.dataset.text !== labels.help_keys) {
    list.dataset.text = labels.help_keys ?? "";
    list.replaceChildren(
      ...keys.map((line) => {
        const li = document.createElement("li");
        li.textContent = line;
        return li;
      }),
    );
  }

  view.banner.hidden = !over;
  view.banner.classList.toggle("cw-won", state.status === "won");
  setText(view.parts.bannerText, state.status === "won" ? labels.won : over ? labels.blocked : "");
  // The win's moves and time, from the same figures as the toolbar's counters.
  const facts = `${fill(labels.moves, { n: state.move_count })} \u00b7 ${labels.time ?? ""} ${formatClock(state.elapsed)}`;
  setText(view.parts.bannerFacts, state.status === "won" ? facts : "");
  view.parts.bannerFacts.hidden = state.status !== "won";
  setText(b.bannerUndo, labels.undo_last ?? "");
  b.bannerUndo.hidden = state.status !== "blocked" || !state.can_undo;
  setText(b.bannerNew, labels.new_game ?? "");
  view.overlay.hidden = view.warning.hidden && view.banner.hidden;

  updateNarrowNote(view.narrowNote, labels);

  const root = view.root;
  setAttr(root, "aria-label", labels.game_name ?? "");
  root.classList.toggle("cw-over", over);
  root.classList.toggle("cw-four-colour", Boolean(state.four_colour));
  root.classList.toggle("cw-large", Boolean(state.large));
  root.classList.toggle("cw-teach", Boolean(state.teach));
  root.classList.toggle("cw-replaying", replaying);
}

/**
 * Restart, why Undo is greyed out, a verdict's tone, and in a lesson the buttons of its
 * task only: every other toolbar button is greyed out, and Finish is not offered.
 * @param {View} view
 * @param {State} state
 */
function updateLesson(view, state) {
  const { labels } = state;
  const b = view.buttons;
  setText(b.restart, labels.restart ?? "");
  setAttr(b.restart, "title", labels.restart_title ?? "");
  const replaying = state.replay_state?.total !== undefined;
  b.restart.disabled = replaying;
  // "Nothing to undo" at the start says nothing new; after a reshuffle the reason matters.
  const why = !state.can_undo && state.move_count > 0 && !replaying ? state.undo_reason || "" : "";
  setText(view.undoWhy, why);
  view.undoWhy.hidden = !why;
  view.note.dataset.tone = state.note_tone || "";
  const offered = state.lesson_buttons || [];
  // The buttons updateBoard never greys out: lit again once no lesson holds the board.
  for (const el of [b.newGame, b.help, b.finish, b.settings]) el.disabled = false;
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
