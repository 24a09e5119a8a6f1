// Layout of the horseshoe and the controls, and the function that brings the DOM up to
// date with the model. Everything shown comes from Python's traits; texts go in with
// textContent only.

import { createCard, updateCard } from "./cards.js";

/** Grid position [row, column] of pile 1–16 in a 5-row, 10-column grid. */
export function pileCell(pile) {
  if (pile <= 4) return [6 - pile, 1]; // left side, pile 1 at the bottom
  if (pile <= 12) return [1, pile - 3]; // top row, 5–12 left to right
  return [pile - 11, 10]; // right side, 13 at the top
}

function element(tag, className, attrs = {}) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, value);
  return el;
}

function button(action, className = "cw-button") {
  return element("button", className, { type: "button", "data-action": action });
}

function slot(attrs) {
  const el = element("div", "cw-slot", { tabindex: "0", role: "button", ...attrs });
  el.append(element("div", "cw-place"), element("div", "cw-caption", { "aria-hidden": "true" }));
  return el;
}

/** "Ruchy: {n}" -> "Ruchy: 5" (the templates come from Python's i18n catalogue). */
export function fill(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (_, key) => String(values[key] ?? ""));
}

export function formatClock(seconds) {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** Build the static skeleton inside `root`; returns the parts the other modules use. */
export function createBoard(root) {
  const toolbar = element("div", "cw-toolbar");
  const reshuffle = button("reshuffle");
  const undo = button("undo");
  const newGame = button("new-game");
  const hint = button("hint");
  // The solver is not wired in yet: the hook exists, hidden and inert.
  hint.hidden = true;
  hint.disabled = true;
  const codeBox = element("span", "cw-code");
  const codePrefix = element("span", "cw-code-label");
  const codeValue = element("span", "cw-code-value");
  const codeSuffix = element("span", "cw-code-label");
  const copy = element("button", "cw-button cw-copy", { type: "button", "data-copy": "" });
  codeBox.append(codePrefix, codeValue, codeSuffix, copy);
  const moves = element("span", "cw-moves");
  const clock = element("span", "cw-clock", { "aria-live": "off" });
  toolbar.append(reshuffle, undo, newGame, hint, codeBox, moves, clock);

  const board = element("div", "cw-board");
  const piles = [];
  for (let pile = 1; pile <= 16; pile++) {
    const el = slot({ "data-pile": String(pile) });
    const [row, column] = pileCell(pile);
    el.style.gridRow = String(row);
    el.style.gridColumn = String(column);
    piles.push(el);
  }
  const foundationArea = element("div", "cw-foundations", { "data-foundation-area": "" });
  const foundations = [];
  for (let i = 1; i <= 8; i++) {
    const el = slot({ "data-foundation": `F${i}` });
    el.classList.add("cw-foundation");
    // Aces row F1–F4 over the Kings row F5–F8, in the middle four columns.
    el.style.gridRow = String(i <= 4 ? 1 : 2);
    el.style.gridColumn = String(((i - 1) % 4) + 3);
    foundations.push(el);
  }
  foundationArea.append(...foundations);
  board.append(...piles, foundationArea);

  const status = element("div", "cw-status", { role: "status", "aria-live": "polite" });
  const banner = element("div", "cw-banner", { role: "alert" });
  banner.hidden = true;
  const bannerText = element("p", "cw-banner-text");
  const bannerUndo = element("button", "cw-button", { type: "button", "data-banner-action": "undo" });
  const bannerNew = element("button", "cw-button", { type: "button", "data-banner-action": "new-game" });
  banner.append(bannerText, bannerUndo, bannerNew);

  root.append(toolbar, board, status, banner);
  return {
    root, board, piles, foundations, foundationArea, status, banner, clock, copy, codeValue,
    buttons: { reshuffle, undo, newGame, hint, bannerUndo, bannerNew },
    parts: { codePrefix, codeSuffix, moves, bannerText },
  };
}

/** The slot element of a place name ("3", "F1"). */
export function slotOf(view, place) {
  if (typeof place !== "string" || place === "") return null;
  if (place[0] === "F") return view.foundations[Number(place.slice(1)) - 1] ?? null;
  return view.piles[Number(place) - 1] ?? null;
}

function showPlace(el, entry, caption, labels, showLabels) {
  const [top, count] = Array.isArray(entry) ? entry : ["", 0];
  const place = el.firstElementChild;
  let card = place.firstElementChild;
  if (top) {
    if (!card) {
      card = createCard();
      place.append(card);
    }
    updateCard(card, top, labels.ranks);
  } else if (card) {
    card.remove();
  }
  el.classList.toggle("cw-empty", !top);
  const text = `${caption} \u00d7${count}`;
  const captionEl = el.lastElementChild;
  if (captionEl.textContent !== text) captionEl.textContent = text;
  captionEl.hidden = !showLabels;
}

/** Bring the whole DOM up to date with the model state (cheap when little changed). */
export function updateBoard(view, state) {
  const { labels } = state;
  const selected = state.selected;
  const targets = new Set((selected && state.targets[selected]) || []);
  view.piles.forEach((el, i) => {
    const name = String(i + 1);
    showPlace(el, state.piles[i], name, labels, state.show_labels);
    el.setAttribute("aria-label", fill(labels.pile, { n: name }));
    el.classList.toggle("cw-selected", selected === name);
    el.classList.toggle("cw-target", targets.has(name));
    el.classList.toggle("cw-movable", name in state.targets);
  });
  view.foundations.forEach((el, i) => {
    const name = `F${i + 1}`;
    showPlace(el, state.foundations[i], name, labels, state.show_labels);
    el.setAttribute("aria-label", fill(labels.foundation, { name }));
    el.classList.toggle("cw-selected", selected === name);
    el.classList.toggle("cw-target", targets.has(name));
    el.classList.toggle("cw-movable", name in state.targets);
  });

  const b = view.buttons;
  const over = state.status !== "playing";
  b.reshuffle.textContent = state.reshuffle_label;
  b.reshuffle.disabled = state.reshuffles_left <= 0 || state.status === "won";
  b.undo.textContent = labels.undo ?? "";
  b.undo.disabled = !state.can_undo;
  b.newGame.textContent = labels.new_game ?? "";
  b.hint.textContent = labels.hint ?? "";

  const [prefix, suffix] = String(labels.code ?? "{code}").split("{code}");
  view.parts.codePrefix.textContent = prefix ?? "";
  view.parts.codeSuffix.textContent = suffix ?? "";
  view.codeValue.textContent = state.code || labels.custom_position || "";
  view.copy.textContent = labels.copy ?? "";
  view.copy.hidden = !state.code;
  view.parts.moves.textContent = fill(labels.moves, { n: state.move_count });

  if (view.status.textContent !== state.message) view.status.textContent = state.message;

  view.banner.hidden = !over;
  view.banner.classList.toggle("cw-won", state.status === "won");
  view.parts.bannerText.textContent = state.status === "won" ? labels.won : over ? labels.blocked : "";
  b.bannerUndo.textContent = labels.undo_last ?? "";
  b.bannerUndo.hidden = state.status !== "blocked" || !state.can_undo;
  b.bannerNew.textContent = labels.new_game ?? "";
  view.root.classList.toggle("cw-over", over);
}
