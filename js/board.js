// Layout of the horseshoe and the controls: the board's static skeleton, built once per
// view (update.js brings it up to date with the model), and where each place sits.

import { element } from "./dom.js";
import { createNarrowNote } from "./narrow.js";
import { createPracticeBar } from "./review.js";

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
 * A button whose `attribute` names what it does (a hook for widget.js, lesson.js and tests).
 * @param {string} action
 * @param {string} [attribute]
 */
function button(action, attribute = "data-action") {
  return element("button", "cw-button", { type: "button", [attribute]: action });
}

/**
 * Buttons by name, each with the data-action its name spells in kebab case ("newGame":
 * data-action="new-game"), in the order named.
 * @template {string} K
 * @param {K[]} names
 * @returns {Record<K, HTMLButtonElement>}
 */
function buttons(names) {
  const made = names.map((name) => [name, button(name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))]);
  return /** @type {Record<K, HTMLButtonElement>} */ (Object.fromEntries(made));
}

/** @param {Record<string, string>} attrs */
function slot(attrs) {
  const el = element("div", "cw-slot", { tabindex: "-1", role: "button", ...attrs });
  el.append(element("div", "cw-place"), element("div", "cw-caption", { "aria-hidden": "true" }));
  return el;
}

/**
 * A panel's button: an icon (its name, Python's, goes in aria-label and title) and the
 * panel's state.
 * @param {HTMLButtonElement} opener
 * @param {string} panelId
 * @param {string} icon
 */
function opens(opener, panelId, icon) {
  opener.classList.add(`cw-${opener.dataset.action}-button`);
  opener.setAttribute("aria-expanded", "false");
  opener.setAttribute("aria-controls", panelId);
  opener.textContent = icon;
}

let helpIds = 0;

/**
 * The toolbar: the action buttons (and why Undo is greyed out), then the game's facts.
 * @param {string} helpId
 * @param {string} settingsId
 * @param {string} statsId
 */
function createToolbar(helpId, settingsId, statsId) {
  const toolbar = element("div", "cw-toolbar");
  const b = buttons([
    "reshuffle",
    "undo",
    "redo",
    "newGame",
    "restart",
    "hint",
    "finish",
    "winnable",
    "review",
    "stats",
    "settings",
    "help",
  ]);
  b.finish.hidden = true;
  // Redo is Undo's twin, beside it: an arrow (its name, Python's, in aria-label and title)
  // keeps the toolbar to the rows it had on a phone.
  b.redo.textContent = "\u21b7"; // ↷
  b.redo.classList.add("cw-redo-button");
  opens(b.stats, statsId, "%");
  opens(b.settings, settingsId, "\u2699"); // ⚙
  opens(b.help, helpId, "?");
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
  // Why Undo is greyed out (after a reshuffle, past the undo limit), said on the board.
  const undoWhy = element("span", "cw-undo-why");
  undoWhy.hidden = true;
  actions.append(...Object.values(b), undoWhy);
  const info = element("div", "cw-info");
  const counters = element("span", "cw-counters");
  counters.append(moves, clock);
  info.append(codeBox, counters);
  toolbar.append(actions, info);
  return { toolbar, copy, codeValue, clock, undoWhy, buttons: b, parts: { codePrefix, codeSuffix, moves } };
}

/**
 * The horseshoe's 16 piles and the 8 foundations in its middle, and the overlay below them.
 */
function createPlaces() {
  const board = element("div", "cw-board");
  const piles = [];
  for (let pile = 1; pile <= 16; pile++) {
    const el = slot({ "data-pile": String(pile) });
    // The stylesheet picks the wide or the compact cell by the board's own width.
    const [row, column] = pileCell(pile);
    const [compactRow, compactColumn] = compactPileCell(pile);
    el.style.cssText = `--cw-row:${row};--cw-column:${column};--cw-compact-row:${compactRow};--cw-compact-column:${compactColumn}`;
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
  return { board, piles, foundations, foundationArea, overlay };
}

/**
 * Replay controls: shown in replay mode only, under the board (entering a replay moves
 * nothing on it), with the narration of the step (a review's explanation) on their first
 * row: read together with the controls, even where the window is shorter than the board.
 */
function createReplayBar() {
  const replay = element("div", "cw-replay", { role: "group" });
  replay.hidden = true;
  // A review's Try it and Practice come last: Exit replay keeps Play from here beside it on any width.
  const b = buttons(["replayPrev", "replayPlay", "replayNext", "replayKeep", "replayStop", "reviewTry", "practice"]);
  const replayStep = element("span", "cw-replay-step");
  b.reviewTry.hidden = b.practice.hidden = true;
  const replayNote = element("p", "cw-replay-note", { "aria-live": "polite" });
  replayNote.hidden = true;
  const { replayPrev, replayPlay, replayNext, ...rest } = b;
  replay.append(replayNote, replayPrev, replayPlay, replayNext, replayStep, ...Object.values(rest));
  return { replay, buttons: b, parts: { replayStep, replayNote } };
}

/**
 * Whether a line shows any text: its parts that are hidden (the idle Stop) do not count.
 * @param {HTMLElement} line
 */
export function shows(line) {
  return [...line.children].some((part) => part instanceof HTMLElement && !part.hidden && Boolean(part.textContent));
}

/**
 * One line of feedback at the top of the board, where the eyes are: the newest of
 * refusal, verdict and note (Python keeps only one). It keeps room for one line from the
 * start, and for as many as its longest text needed (feedback.js), so that a message
 * appearing or going does not push the board around.
 */
function createMessages() {
  // The refusal message keeps role="status" (a documented hook) but is not read out
  // itself: the live region announces refusals with everything else, once.
  const status = element("div", "cw-status", { role: "status", "aria-live": "off" });
  const winnability = element("div", "cw-winnability");
  const note = element("div", "cw-note", { "aria-live": "polite" });
  const messages = element("div", "cw-messages", { "data-line": "" });
  // A search running in the background takes the line while it runs, with its Stop.
  const search = element("div", "cw-search", { "aria-live": "off" });
  search.hidden = true;
  const searchText = element("span", "cw-search-text");
  const { cancelSearch } = buttons(["cancelSearch"]);
  cancelSearch.classList.add("cw-search-stop");
  search.append(searchText, cancelSearch);
  messages.append(status, winnability, note, search);
  return { messages, status, note, search, buttons: { cancelSearch }, parts: { winnability, searchText } };
}

/**
 * The teaching mode's warning and the end-of-game banner, on the overlay.
 * The end of the game is announced by the live region, so the banner is not an alert.
 * A win's banner shows the player's wins and streak too; its × puts it away (widget.js).
 */
function createOverlayParts() {
  const warning = element("div", "cw-warning", { role: "group" });
  warning.hidden = true;
  const warningText = element("p", "cw-warning-text");
  const { confirm, cancel } = buttons(["confirm", "cancel"]);
  warning.append(warningText, confirm, cancel);
  const banner = element("div", "cw-banner");
  banner.hidden = true;
  const bannerText = element("p", "cw-banner-text");
  const bannerFacts = element("p", "cw-banner-facts");
  const bannerRecord = element("p", "cw-banner-record");
  const bannerUndo = button("undo", "data-banner-action");
  const bannerNew = button("new-game", "data-banner-action");
  const bannerReview = button("review", "data-banner-action");
  const bannerClose = element("button", "cw-button cw-banner-close", { type: "button", "data-dismiss": "banner" });
  bannerClose.textContent = "\u00d7"; // ×: its name, Python's "Close", in aria-label and title
  banner.append(bannerText, bannerFacts, bannerRecord, bannerUndo, bannerReview, bannerNew, bannerClose);
  return {
    warning,
    banner,
    buttons: { confirm, cancel, bannerUndo, bannerNew, bannerReview, bannerClose },
    parts: { warningText, bannerText, bannerFacts, bannerRecord },
  };
}

/**
 * Help, statistics and settings open as panels over the board, in view wherever the board is.
 * @param {string} helpId
 * @param {string} settingsId
 * @param {string} statsId
 */
function createPanels(helpId, settingsId, statsId) {
  const helpPanel = element("div", "cw-panel cw-help", { id: helpId, role: "dialog", tabindex: "-1" });
  helpPanel.hidden = true;
  const helpTitle = element("p", "cw-help-title");
  const helpList = element("div", "cw-help-text"); // rule and key lists under their headings
  const helpClose = element("button", "cw-button cw-panel-close", { type: "button", "data-close": "help" });
  helpPanel.append(helpClose, helpTitle, helpList);
  const settingsPanel = element("div", "cw-panel cw-settings", { id: settingsId, role: "dialog", tabindex: "-1" });
  settingsPanel.hidden = true;
  const statsPanel = element("div", "cw-panel cw-stats", { id: statsId, role: "dialog", tabindex: "-1" });
  statsPanel.hidden = true;
  return { helpPanel, settingsPanel, statsPanel, buttons: { helpClose }, parts: { helpTitle, helpList } };
}

/**
 * Build the static skeleton inside `root`; returns the parts the other modules use.
 * @param {HTMLElement} root
 */
export function createBoard(root) {
  const helpId = `cw-help-${++helpIds}`;
  const settingsId = `cw-settings-${helpIds}`;
  const statsId = `cw-stats-${helpIds}`;
  const top = createToolbar(helpId, settingsId, statsId);
  const places = createPlaces();
  const replay = createReplayBar();
  const practice = createPracticeBar();
  const line = createMessages();
  const over = createOverlayParts();
  const panels = createPanels(helpId, settingsId, statsId);
  const live = element("div", "cw-live cw-sr-only", { "aria-live": "polite", "aria-atomic": "true", "data-live": "" });
  places.overlay.append(over.warning, over.banner);
  const stage = element("div", "cw-stage");
  stage.append(places.board, panels.helpPanel, panels.statsPanel, panels.settingsPanel);
  const narrowNote = createNarrowNote();
  // The toolbar and the message line: one head, kept in sight by feedback.js.
  const head = element("div", "cw-head");
  head.append(top.toolbar, line.messages);
  root.append(narrowNote, head, stage, replay.replay, practice.practiceBar, live);
  return {
    root,
    head,
    live,
    narrowNote,
    ...places,
    ...top,
    ...replay,
    practiceBar: practice.practiceBar,
    ...line,
    ...over,
    ...panels,
    buttons: { ...top.buttons, ...replay.buttons, ...line.buttons, ...over.buttons, ...panels.buttons },
    parts: { ...top.parts, ...replay.parts, ...practice.parts, ...line.parts, ...over.parts, ...panels.parts },
  };
}

/**
 * The view's own document or shadow root (marimo draws outputs in a shadow DOM, where
 * `document` would only see the shadow host): for hit testing and focus.
 * @param {{root: HTMLElement}} view
 */
export function rootNode(view) {
  return /** @type {Document | ShadowRoot} */ (view.root.getRootNode());
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
